import net from 'node:net';
import { expect } from 'vitest';

/** A free loopback port (the app and the providers must know their addresses before listening). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A browser's cookie jar and redirect-by-redirect navigation, starting on one origin. */
export function browser(origin: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function go(url: string, init: RequestInit = {}) {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attrs.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    return res;
  }
  /** A JSON POST from this browser (its cookies go with it, as the web app's fetch sends them). */
  const post = (path: string, body: unknown) =>
    go(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { go, post, jar, origin };
}
export type Browser = ReturnType<typeof browser>;

/**
 * Start at our `/api/sso/{provider}/start` → the provider's own login page (the demo provider's
 * form, as the student types it) → back at our callback, not yet followed; null when the
 * provider refuses the password.
 */
export async function signOnUntilCallback(
  b: Browser,
  provider: string,
  email: string,
  password = 'DemoPass2026',
): Promise<URL | null> {
  const start = await b.go(`/api/sso/${provider}/start`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.pathname).toBe('/dev-idp/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const toLogin = await b.go(authorize.href);
  const loginPath = new URL(toLogin.headers.get('location')!, authorize).href;
  expect(new URL(loginPath).pathname).toMatch(/^\/dev-idp\/interaction\//);
  await b.go(loginPath);
  const submitted = await b.go(`${loginPath}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (submitted.status === 401) return null;
  const resumed = await b.go(new URL(submitted.headers.get('location')!, authorize).href);
  const callback = new URL(resumed.headers.get('location')!, b.origin);
  expect(callback.pathname).toBe(`/api/sso/${provider}/callback`);
  return callback;
}

/** The whole sign-on up to our hand-off: the `?sso=` code, or the `?sso_error=` provider. */
export async function signOnUntilHandoff(
  b: Browser,
  provider: string,
  email: string,
): Promise<{ code: string | null; error: string | null }> {
  const callback = await signOnUntilCallback(b, provider, email);
  expect(callback).not.toBeNull();
  const landed = await b.go(callback!.pathname + callback!.search);
  expect(landed.status).toBe(302);
  const back = new URL(landed.headers.get('location')!, b.origin);
  return { code: back.searchParams.get('sso'), error: back.searchParams.get('sso_error') };
}

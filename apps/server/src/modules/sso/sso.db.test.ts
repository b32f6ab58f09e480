import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { browser, freePort, signOnUntilCallback as signOn, type Browser } from '../../test/sso-browser.js';
import { FLOW_COOKIE, flowCookie } from './flow-cookie.js';

const SSO_EMAIL = 'sso.demo@etu.demo-univ.fr';

/**
 * Issue 16: the whole sign-on flow over real HTTP against the built-in demo provider
 * (oidc-provider): discovery, authorization code with PKCE, the provider's login, the callback's
 * checks (state, nonce, expired code), the one-time hand-over, a first sign-in finished by the
 * semester, and single logout.
 */
describe('single sign-on with the demo provider', () => {
  let ctx: TestContext;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    ctx = await createTestContext({
      now: new Date(),
      config: { PORT: port, HOST: '127.0.0.1', PUBLIC_URL: origin, DEMO_IDP_CODE_SECONDS: 2 },
    });
    await ctx.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const signOnUntilCallback = (b: Browser, password?: string) => signOn(b, 'ecole', SSO_EMAIL, password);
  /** The web app's exchange, from the browser given (its hand-off cookie goes with it). */
  const exchange = (b: Browser, code: string) => b.post('/api/sso/exchange', { code });
  const finish = { firstname: 'Lucie', name: 'Moreau', consent: true };

  it('offers the demo school on the login page', async () => {
    const config = await (await fetch(`${origin}/api/config/public`)).json();
    expect(config.ssoProviders).toEqual([{ id: 'ecole', label: 'Portail école' }]);
  });

  it('signs a new student in: the semester asked once, then the placement test; the next time straight in', async () => {
    const b = browser(origin);
    const callback = (await signOnUntilCallback(b))!;
    const landed = await b.go(callback.pathname + callback.search);
    expect(landed.status).toBe(302);
    const code = new URL(landed.headers.get('location')!, origin).searchParams.get('sso')!;
    expect(code).toBeTruthy();

    // Another browser cannot trade this code (issue 32: a code sent to a victim signs nobody in).
    expect((await exchange(browser(origin), code)).status).toBe(401);
    const first = await (await exchange(b, code)).json();
    expect(first).toMatchObject({
      kind: 'signup',
      provider: 'ecole',
      email: SSO_EMAIL,
      firstname: 'Lucie',
      name: 'Moreau',
    });
    expect(first.semesters).toContain(3);
    const badSemester = await b.post('/api/sso/signup', { code, semester: 9, ...finish });
    expect(badSemester.status).toBe(400);
    expect((await browser(origin).post('/api/sso/signup', { code, semester: 3, ...finish })).status).toBe(
      401,
    );
    const signedUp = await (await b.post('/api/sso/signup', { code, semester: 3, ...finish })).json();
    expect(signedUp.kind).toBe('signedIn');
    expect(signedUp.idToken).toMatch(/^ey/);
    const me = await (
      await fetch(`${origin}/api/student/${signedUp.auth._id}`, {
        headers: { authorization: `Token ${signedUp.auth.token}` },
      })
    ).json();
    expect(me).toMatchObject({ email: SSO_EMAIL, semester: 3, placementtest: true, testFinish: false });
    // The code was spent.
    expect((await exchange(b, code)).status).toBe(401);

    const again = browser(origin);
    const back = (await signOnUntilCallback(again))!;
    const code2 = new URL(
      (await again.go(back.pathname + back.search)).headers.get('location')!,
      origin,
    ).searchParams.get('sso')!;
    const second = await (await exchange(again, code2)).json();
    expect(second).toMatchObject({ kind: 'signedIn', auth: { _id: signedUp.auth._id } });

    // Single logout: to the provider's end-session address, with the ID token as hint.
    const logout = await fetch(`${origin}/api/sso/ecole/logout?id_token_hint=${second.idToken}`, {
      redirect: 'manual',
    });
    expect(new URL(logout.headers.get('location')!).pathname).toBe('/dev-idp/session/end');
  });

  it('refuses a callback whose state was changed, one without its flow cookie, and an expired code', async () => {
    const b = browser(origin);
    const callback = (await signOnUntilCallback(b))!;
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const refused = await b.go(forged.pathname + forged.search);
    expect(refused.headers.get('location')).toBe('/?sso_error=ecole');

    const other = browser(origin);
    const fresh = (await signOnUntilCallback(other))!;
    const noCookie = await fetch(new URL(fresh.pathname + fresh.search, origin), { redirect: 'manual' });
    expect(noCookie.headers.get('location')).toBe('/?sso_error=ecole');

    const late = browser(origin);
    const slow = (await signOnUntilCallback(late))!;
    await new Promise((r) => setTimeout(r, 2500));
    const expired = await late.go(slow.pathname + slow.search);
    expect(expired.headers.get('location')).toBe('/?sso_error=ecole');
  });

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    // The flow cookie re-signed with the server's key (read from its database) but another nonce:
    // the provider's ID token carries the first one, so the callback must refuse it.
    const [key] = await ctx.database.db.select().from(appSecrets);
    const secret = new TextEncoder().encode(key!.value);
    const b = browser(origin);
    const callback = (await signOnUntilCallback(b))!;
    const [payload] = b.jar.get(FLOW_COOKIE)!.split('.');
    const flow = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = flowCookie(secret, { ...flow, nonce: 'another-nonce' }, Date.now(), false);
    b.jar.set(FLOW_COOKIE, forged.split(';')[0]!.slice(FLOW_COOKIE.length + 1));
    const refused = await b.go(callback.pathname + callback.search);
    expect(refused.headers.get('location')).toBe('/?sso_error=ecole');

    // The control: the same re-signing with the nonce unchanged is accepted.
    const c = browser(origin);
    const good = (await signOnUntilCallback(c))!;
    const [same] = c.jar.get(FLOW_COOKIE)!.split('.');
    const resigned = flowCookie(
      secret,
      JSON.parse(Buffer.from(same!, 'base64url').toString('utf8')),
      Date.now(),
      false,
    );
    c.jar.set(FLOW_COOKIE, resigned.split(';')[0]!.slice(FLOW_COOKIE.length + 1));
    const accepted = await c.go(good.pathname + good.search);
    expect(accepted.headers.get('location')).toMatch(/^\/\?sso=/);
  });

  it("refuses a wrong password at the school's login page, and password sign-in for the school's addresses", async () => {
    expect(await signOnUntilCallback(browser(origin), 'WrongPass2026')).toBeNull();
    const login = await fetch(`${origin}/api/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SSO_EMAIL, password: 'DemoPass2026' }),
    });
    expect(login.status).toBe(403);
    expect((await login.json()).error.code).toBe('SSO_BLOCKED');
  });
});

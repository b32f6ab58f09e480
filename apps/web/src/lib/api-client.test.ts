import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@medenglish/shared';
import { createApiClient, type TokenStore } from './api-client';
import { ApiError } from './api-error';

function memoryTokens(initial: { token: string | null; refreshToken: string | null }) {
  const state = { ...initial, email: 'etudiant.demo@demo-univ.fr' as string | null };
  const store: TokenStore = {
    getToken: () => state.token,
    getRefreshToken: () => state.refreshToken,
    getEmail: () => state.email,
    saveTokens: (t) => {
      state.token = t.token;
      state.refreshToken = t.refreshToken;
    },
  };
  return { state, store };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function authorizationOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

function setup(tokens = memoryTokens({ token: 'old', refreshToken: 'r1' })) {
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    tokens: tokens.store,
    onSessionExpired,
    withRefreshLock: (work) => work(),
  });
  return { client, onSessionExpired, tokens };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends "Authorization: Token {token}" to /api', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit?]) => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const { client } = setup();

    await expect(client.request('/student/42')).resolves.toEqual({ ok: true });

    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/student/42');
    expect(authorizationOf(init)).toBe('Token old');
  });

  it('omits the header when the path ends with an empty segment (SPEC §6)', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit?]) => json(200, []));
    vi.stubGlobal('fetch', fetchMock);
    const { client } = setup();

    await client.request('/video/');
    await client.request('/glossary/?q=heart');

    expect(authorizationOf(fetchMock.mock.calls[0]![1])).toBeUndefined();
    expect(authorizationOf(fetchMock.mock.calls[1]![1])).toBeUndefined();
  });

  it('runs one refresh for several concurrent 401s, then retries each with the new token', async () => {
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh') {
        refreshCalls += 1;
        expect(JSON.parse(String(init?.body))).toEqual({
          email: 'etudiant.demo@demo-univ.fr',
          refreshToken: 'r1',
        });
        // Let the other 401s arrive while the refresh is still in flight.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { token: 'new', refreshToken: 'r2' });
      }
      return authorizationOf(init) === 'Token new'
        ? json(200, { path: url })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { client, tokens, onSessionExpired } = setup();

    const results = await Promise.all([client.request('/a'), client.request('/b'), client.request('/c')]);

    expect(refreshCalls).toBe(1);
    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(tokens.state).toMatchObject({ token: 'new', refreshToken: 'r2' });
    const retried = fetchMock.mock.calls.filter(([, init]) => authorizationOf(init) === 'Token new');
    expect(retried).toHaveLength(3);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes once on a 401 for a call authenticated by the cookie, then retries without the header', async () => {
    const tokens = memoryTokens({ token: 'old', refreshToken: 'r1' });
    const calls: { url: string; authorization: string | undefined; cookie: string | null }[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      // What the `token` cookie holds when the request leaves.
      calls.push({ url, authorization: authorizationOf(init), cookie: tokens.state.token });
      if (url === '/api/refresh') return json(200, { token: 'new', refreshToken: 'r2' });
      return tokens.state.token === 'new'
        ? json(200, { seconds: 42 })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { client, onSessionExpired } = setup(tokens);

    await expect(client.request('/unittrackers/time/')).resolves.toEqual({ seconds: 42 });

    expect(calls).toEqual([
      { url: '/api/unittrackers/time/', authorization: undefined, cookie: 'old' },
      { url: '/api/refresh', authorization: undefined, cookie: 'old' },
      // SPEC §6: still no header; the server reads the cookie the refresh wrote.
      { url: '/api/unittrackers/time/', authorization: undefined, cookie: 'new' },
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('logs out when a cookie-authenticated call is refused after the refresh', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/refresh'
        ? json(200, { token: 'new', refreshToken: 'r2' })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { client, onSessionExpired } = setup();

    await expect(client.request('/unittrackers/time/')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('reuses a token another tab already rotated instead of refreshing again', async () => {
    const tokens = memoryTokens({ token: 'old', refreshToken: 'r1' });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh') throw new Error('must not refresh');
      if (authorizationOf(init) === 'Token old') {
        // Meanwhile another tab refreshed and wrote the cookies.
        tokens.store.saveTokens({ token: 'from-other-tab', refreshToken: 'r2' });
        return json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } });
      }
      return json(200, { by: authorizationOf(init) });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { client } = setup(tokens);

    await expect(client.request('/a')).resolves.toEqual({ by: 'Token from-other-tab' });
  });

  it('logs out when the refresh is refused', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/refresh'
        ? json(401, { error: { code: 'REFRESH_INVALID', message: 'refused' } })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { client, onSessionExpired } = setup();

    const failure = client.request('/student/42');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('does not refresh for calls made without a session (login)', async () => {
    const fetchMock = vi.fn(async () =>
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: messages.login.invalidCredentials } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { client, onSessionExpired } = setup();

    await expect(
      client.request('/student/login', { method: 'POST', body: { email: 'a', password: 'b' }, auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: messages.login.invalidCredentials,
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("turns a network failure into 'Response is undefined.'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { client } = setup();

    await expect(client.request('/time')).rejects.toMatchObject({
      status: 0,
      message: 'Response is undefined.',
    });
  });

  it('reads the error body: status, code, message and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { error: { code: 'VALIDATION', message: 'Requête invalide.', fields: { email: 'bad' } } }),
      ),
    );
    const { client } = setup();

    await expect(client.request('/student', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject(
      {
        status: 400,
        code: 'VALIDATION',
        message: 'Requête invalide.',
        fields: { email: 'bad' },
      },
    );
  });

  it('logs a signed-in learner out when the platform closes for maintenance (SPEC §9)', async () => {
    const closed = {
      error: {
        code: 'MAINTENANCE',
        message: 'La plateforme sera fermée du 01/08/2025 au 13/08/2025 compris.',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, closed)),
    );
    const onMaintenance = vi.fn();
    const tokens = memoryTokens({ token: 'old', refreshToken: 'r1' });
    const client = createApiClient({
      baseUrl: '/api',
      tokens: tokens.store,
      onSessionExpired: vi.fn(),
      onMaintenance,
    });

    await expect(client.request('/student/42')).rejects.toMatchObject({
      status: 503,
      message: closed.error.message,
    });
    expect(onMaintenance).toHaveBeenCalledOnce();

    // A public call meeting the window (the login form) shows the message and logs nobody out.
    await expect(
      client.request('/student/login', { method: 'POST', body: {}, auth: false }),
    ).rejects.toThrow();
    expect(onMaintenance).toHaveBeenCalledOnce();
  });
});

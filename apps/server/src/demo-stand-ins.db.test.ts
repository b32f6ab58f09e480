import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, messages } from '@medenglish/shared';
import { DEMO_IDS } from './demo/demo-ids.js';
import { call, DEMO, login } from './test/api.js';
import { createTestContext, type TestContext } from './test/test-app.js';

const DISCOVERY = '/dev-idp/.well-known/openid-configuration';

/**
 * Issue 32: the demo's stand-ins for a school's identity provider (/dev-idp) and for the external
 * exam provider (/evaluo-sim) are mounted only where asked for — by default outside production
 * (config.test.ts), with DEMO_IDP=1 / EVALUO_SIMULATOR=1 in it.
 */
describe('production without the demo identity provider nor the exam simulator', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No SSO_PROVIDERS, no EVALUO_URL, and neither stand-in: what production gets by default.
    ctx = await createTestContext({
      config: { DEMO_IDP: false, EVALUO_SIMULATOR: false, EVALUO_URL: undefined },
    });
  });
  afterAll(() => ctx.close());

  it('mounts neither /dev-idp nor /evaluo-sim', async () => {
    const discovery = await ctx.app.inject({ url: DISCOVERY });
    expect(discovery.statusCode).toBe(404);
    expect(discovery.body).not.toContain('authorization_endpoint');
    const login = await ctx.app.inject({ url: '/dev-idp/interaction/abc' });
    expect(login.statusCode).toBe(404);
    expect(login.body).not.toContain('Université Démo');
    const simulator = await ctx.app.inject({
      url: `/evaluo-sim/api/v1/schools/${DEMO_IDS.universite}/exams`,
    });
    expect(simulator.statusCode).toBe(404);
  });

  it('offers no sign-on button, and a sign-on to the missing provider goes back to the login page', async () => {
    const config = await call(ctx.app, 'GET', '/api/config/public');
    expect(config.status).toBe(200);
    expect(config.json.ssoProviders).toEqual([]);
    // As for any unknown provider: back to the login page, which says sign-on failed.
    const start = await ctx.app.inject({ url: '/api/sso/ecole/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/?sso_error=ecole');
    const callback = await ctx.app.inject({ url: '/api/sso/ecole/callback?code=x&state=y' });
    expect(callback.statusCode).toBeLessThan(500);
  });

  it("says Evaluo's exams are unavailable, as when the provider is down", async () => {
    const camille = await login(ctx.app, DEMO.etudiant);
    const res = await call(ctx.app, 'GET', `/api/evaluo/get-exams/${DEMO_IDS.universite}/3`, {
      token: camille.token,
    });
    expect(res.status).toBe(502);
    expect(res.json.error).toEqual({
      code: ErrorCode.PROVIDER_UNAVAILABLE,
      message: messages.evaluo.unavailable,
    });
  });
});

describe('the demo identity provider and the exam simulator, where asked for', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      config: {
        DEMO_IDP: true,
        EVALUO_SIMULATOR: true,
        EVALUO_URL: undefined,
        PUBLIC_URL: 'https://medenglish.example',
        // One proxy, at 10.0.0.1: its X-Forwarded-* count, anybody else's do not.
        trustProxy: ['10.0.0.1'],
      },
    });
  });
  afterAll(() => ctx.close());

  it('mounts both, and offers the demo school’s sign-on', async () => {
    const discovery = await ctx.app.inject({ url: DISCOVERY });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json().issuer).toBe('https://medenglish.example/dev-idp');
    expect((await call(ctx.app, 'GET', '/api/config/public')).json.ssoProviders).toEqual([
      { id: 'ecole', label: messages.login.ssoPortal },
    ]);
    // The simulator answers, asking for its key.
    const simulator = await ctx.app.inject({
      url: `/evaluo-sim/api/v1/schools/${DEMO_IDS.universite}/exams`,
    });
    expect(simulator.statusCode).toBe(401);
  });

  it('believes X-Forwarded-Host and -Proto from the trusted proxy only', async () => {
    const forged = await ctx.app.inject({
      url: DISCOVERY,
      headers: {
        host: 'medenglish.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    expect(forged.json().authorization_endpoint).toBe('http://medenglish.example/dev-idp/auth');

    const proxied = await ctx.app.inject({
      url: DISCOVERY,
      remoteAddress: '10.0.0.1',
      headers: {
        host: '10.0.0.2:3000',
        'x-forwarded-host': 'medenglish.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(proxied.json().authorization_endpoint).toBe('https://medenglish.example/dev-idp/auth');
  });
});

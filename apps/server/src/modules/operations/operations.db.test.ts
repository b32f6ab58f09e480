import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { SECURITY_HEADERS } from '../../plugins/security-headers.js';
import { redactUrl } from './logging.js';

/** A log stream for a test app, and the JSON lines it has received. */
function capturedLog() {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logStream };
}

/** Issue 16, operations: health, readiness, metrics, request ids and logs without secrets. */
describe('operations', () => {
  let ctx: TestContext;
  const { lines, logStream } = capturedLog();

  beforeAll(async () => {
    ctx = await createTestContext({ config: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(() => ctx.close());

  it('is live at once, and ready only once its jobs are polled, with its database migrated', async () => {
    expect((await call(ctx.app, 'GET', '/api/health/live')).status).toBe(200);
    const before = await call(ctx.app, 'GET', '/api/health/ready');
    expect(before.status).toBe(503);
    expect(before.json).toEqual({ ready: false, checks: { database: true, migrations: true, jobs: false } });
    ctx.app.jobs.start(60_000);
    try {
      const after = await call(ctx.app, 'GET', '/api/health/ready');
      expect(after.status).toBe(200);
      expect(after.json.ready).toBe(true);
    } finally {
      await ctx.app.jobs.stop();
    }
  });

  it('counts requests by route pattern, the database pool, the job queue and the event loop', async () => {
    const me = await login(ctx.app, DEMO.etudiant);
    await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/student\/:id",status_code="200"\} 1/,
    );
    expect(res.payload).not.toContain(me._id);
    expect(res.payload).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(res.payload).toMatch(/jobs_queued\{state="/);
    expect(res.payload).toContain('nodejs_eventloop_lag_seconds');
  });

  it("names every answer by its request id, taking a balancer's", async () => {
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234-abcd' },
    });
    expect(mine.headers['x-request-id']).toBe('lb-1234-abcd');
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const junk = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(junk.headers['x-request-id']).not.toBe('<script>');
  });

  it('writes JSON logs with request ids and no password, token or secret parameter', async () => {
    lines.length = 0;
    const me = await login(ctx.app, DEMO.etudiant);
    await call(ctx.app, 'POST', '/api/refresh', {
      body: { email: DEMO.etudiant, refreshToken: me.refreshToken },
    });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/sso/ecole/callback?code=SECRETCODE123&state=SECRETSTATE`,
    });
    await ctx.app.inject({ method: 'GET', url: '/?sso=SECRETHANDOFF' });
    await call(ctx.app, 'PUT', '/api/resetPassword', {
      body: { token: 'SECRETRESET', password: 'Secret2026pass' },
    });
    expect(lines.length).toBeGreaterThan(4);
    const entries = lines.map((l) => JSON.parse(l) as { reqId?: string });
    expect(entries.filter((e) => e.reqId).length).toBeGreaterThan(4);
    const text = lines.join('\n');
    for (const secret of [
      DEMO.password,
      me.token,
      me.refreshToken,
      'SECRETCODE123',
      'SECRETSTATE',
      'SECRETHANDOFF',
      'SECRETRESET',
      'Secret2026pass',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('redacts the secret parameters of an address and keeps the rest', () => {
    expect(redactUrl('/api/sso/ecole/callback?code=abc&state=def&iss=x')).toBe(
      '/api/sso/ecole/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x',
    );
    expect(redactUrl('/media/a.pdf?expires=1&signature=zz')).toBe(
      '/media/a.pdf?expires=1&signature=%5Bredacted%5D',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
    // A unit's launch address: the LRS credentials and the learner never reach the logs.
    const launch = redactUrl(
      '/content/u1/index.html?endpoint=%2Fapi%2Fxapi%2F&auth=Basic%20abc&actor=%7B%22mbox%22%3A%22mailto%3Acamille%40x.fr%22%7D',
    )!;
    expect(launch).toContain('endpoint=%2Fapi%2Fxapi%2F');
    expect(launch).not.toMatch(/abc|camille/);
  });

  it('redacts the credentials an address carries in its path, and the confirmation link', () => {
    const id = '11111111-2222-4333-8444-555555555555';
    expect(redactUrl(`/api/confirmation/${id}/SECRET1`)).toBe(`/api/confirmation/${id}/[redacted]`);
    expect(redactUrl('/api/cmi5/fetch/SECRET2?x=1')).toBe('/api/cmi5/fetch/[redacted]?x=1');
    expect(redactUrl('/api/code/name/DEMO-MED-2026')).toBe('/api/code/name/[redacted]');
    expect(redactUrl(`/?confirm=${id}%2FSECRET3`)).toBe('/?confirm=%5Bredacted%5D');
    expect(redactUrl('/dev-idp/interaction/SECRET4/login')).toBe('/dev-idp/interaction/[redacted]/login');
    expect(redactUrl('/dev-idp/auth/SECRET5')).toBe('/dev-idp/auth/[redacted]');
    // However the path is spelt, if the router would take it.
    expect(redactUrl('/api/%63mi5/fetch/SECRET6')).not.toContain('SECRET6');
    expect(redactUrl('//api/cmi5//fetch/SECRET7')).not.toContain('SECRET7');
    expect(redactUrl('http://host/api/confirmation/x/SECRET8')).not.toContain('SECRET8');
    // Nothing else is touched.
    expect(redactUrl('/api/student/abc/company')).toBe('/api/student/abc/company');
    expect(redactUrl('/api/confirmation')).toBe('/api/confirmation');
  });
});

/** Issue 32: every address that carries a credential, requested for real, leaves none in the logs. */
describe('logs of the addresses that carry credentials', () => {
  let ctx: TestContext;
  const { lines, logStream } = capturedLog();

  beforeAll(async () => {
    ctx = await createTestContext({ config: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(() => ctx.close());

  it('logs the route of each, never its secret', async () => {
    const me = await login(ctx.app, DEMO.etudiant);
    lines.length = 0;
    const requests: { method: 'GET' | 'POST' | 'OPTIONS'; url: string; secret: string }[] = [
      // The e-mailed confirmation link, in the page's address and posted back to the API.
      { method: 'GET', url: `/?confirm=${me._id}/CONFIRMPAGE1`, secret: 'CONFIRMPAGE1' },
      { method: 'POST', url: `/api/confirmation/${me._id}/CONFIRMAPI1`, secret: 'CONFIRMAPI1' },
      { method: 'POST', url: `/api/confirmation/${me._id}/CONFIRMAPI2?x=1`, secret: 'CONFIRMAPI2' },
      // The password reset link.
      { method: 'GET', url: '/?token=RESETLINK1', secret: 'RESETLINK1' },
      // A cmi5 unit's one-time fetch URL, and its preflight, however spelt.
      { method: 'POST', url: '/api/cmi5/fetch/CMI5FETCH1', secret: 'CMI5FETCH1' },
      { method: 'OPTIONS', url: '/api/cmi5/fetch/CMI5FETCH2', secret: 'CMI5FETCH2' },
      { method: 'GET', url: '/api/code/name/ACCESSCODE1', secret: 'ACCESSCODE1' },
      { method: 'POST', url: '/api/%63mi5/fetch/CMI5FETCH3', secret: 'CMI5FETCH3' },
      // A unit's launch address: the LRS credentials and the learner.
      {
        method: 'GET',
        url: '/media/content/u1/index.html?endpoint=%2Fapi%2Fxapi%2F&auth=Basic%20LAUNCHAUTH1&actor=LAUNCHACTOR1&fetch=LAUNCHFETCH1',
        secret: 'LAUNCHAUTH1',
      },
      // The learning record store's agent is the learner's address.
      {
        method: 'GET',
        url: '/api/xapi/activities/state?activityId=x&stateId=y&agent=%7B%22mbox%22%3A%22mailto%3Aagent.secret%40x.fr%22%7D',
        secret: 'agent.secret',
      },
      // A signed download address, and a webinar registrant's join address.
      { method: 'GET', url: '/media/groups/g/a.pdf?expires=1&signature=MEDIASIG1', secret: 'MEDIASIG1' },
      { method: 'GET', url: '/meet/12345678901?tk=MEETTAG1', secret: 'MEETTAG1' },
      // Single sign-on: the callback's code, the hand-off to the page, the logout hint.
      { method: 'GET', url: '/api/sso/ecole/callback?code=SSOCODE1&state=SSOSTATE1', secret: 'SSOCODE1' },
      { method: 'GET', url: '/?sso=SSOHANDOFF1', secret: 'SSOHANDOFF1' },
      { method: 'GET', url: '/api/sso/ecole/logout?id_token_hint=SSOHINT1', secret: 'SSOHINT1' },
      // The demo identity provider: its interaction ids and its own parameters.
      { method: 'GET', url: '/dev-idp/interaction/IDPUID1', secret: 'IDPUID1' },
      { method: 'POST', url: '/dev-idp/interaction/IDPUID2/login', secret: 'IDPUID2' },
      { method: 'GET', url: '/dev-idp/auth/IDPUID3', secret: 'IDPUID3' },
      {
        method: 'GET',
        url: '/dev-idp/session/end?id_token_hint=IDPHINT1&post_logout_redirect_uri=x',
        secret: 'IDPHINT1',
      },
    ];
    for (const request of requests) {
      await ctx.app.inject({ method: request.method, url: request.url });
    }
    const text = lines.join('\n');
    for (const request of requests) {
      expect(text).not.toContain(request.secret);
      expect(text).not.toContain(request.secret.toLowerCase());
    }
    for (const leaked of ['LAUNCHACTOR1', 'LAUNCHFETCH1', 'SSOSTATE1', 'CONFIRMAPI2']) {
      expect(text).not.toContain(leaked);
    }
    // Each was logged, by its route.
    expect(text).toContain(`/api/confirmation/${me._id}/[redacted]`);
    expect(text).toContain('/api/cmi5/fetch/[redacted]');
    expect(text).toContain('/dev-idp/interaction/[redacted]/login');
  });
});

describe('metrics protected by a token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { METRICS_TOKEN: 'metrics-token-0123456789' } });
  });
  afterAll(() => ctx.close());

  it('answers the bearer of METRICS_TOKEN only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('load shedding', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 40 } });
  });
  afterAll(() => ctx.close());

  it('answers 503 with Retry-After and the security headers while the event loop lags, never a crash, then serves again', async () => {
    await ctx.app.ready();
    // Sustained lag, as under a burst of heavy work: 100 ms of blocking at every turn of the loop.
    const hog = setInterval(() => {
      const until = Date.now() + 100;
      while (Date.now() < until) {
        // busy
      }
    }, 1);
    let shed;
    try {
      await expect
        .poll(
          async () => {
            shed = await ctx.app.inject({ method: 'GET', url: '/api/time' });
            return shed.statusCode;
          },
          { timeout: 5000, interval: 1 },
        )
        .toBe(503);
    } finally {
      clearInterval(hog);
    }
    shed = shed!;
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json().error.code).toBe('OVERLOADED');
    // Refused before any route's hook, with the security headers all the same (issue 32).
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(shed.headers[name.toLowerCase()], name).toBe(value);
    }
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/time' })).statusCode, {
        timeout: 5000,
      })
      .toBe(200);
  });
});

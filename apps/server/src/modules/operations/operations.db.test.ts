import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { redactUrl } from './logging.js';

/** Issue 16, operations: health, readiness, metrics, request ids and logs without secrets. */
describe('operations', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

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

  it('answers 503 with Retry-After while the event loop lags, never a crash, then serves again', async () => {
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
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/time' })).statusCode, {
        timeout: 5000,
      })
      .toBe(200);
  });
});

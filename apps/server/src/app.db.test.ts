import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app.js';
import { call } from './test/api.js';

describe('the application shell of the server', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MedEnglish</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What apps/web/scripts/precompress.mjs writes beside each file (distinct bodies, to tell them apart).
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), 'brotli body');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), 'gzip body');
    fs.writeFileSync(path.join(webDist, 'index.html.gz'), 'gzip page');
    ctx = await createTestContext({ config: { webDist } });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /api/health answers 200 {"status":"ok"}', async () => {
    const res = await call(ctx.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('tells the server time and today in TZ_DISPLAY', async () => {
    ctx.clock.set(new Date('2026-12-31T23:30:00Z'));
    const res = await call(ctx.app, 'GET', '/api/time');
    expect(res.json).toMatchObject({
      now: '2026-12-31T23:30:00.000Z',
      today: '2027-01-01',
      timeZone: 'Europe/Paris',
    });
    // Paris's offsets for a year either side, which browsers show instants from (rules/dates.ts).
    const periods = res.json.zonePeriods as { from: number; to: number; minutes: number }[];
    const now = Date.parse('2026-12-31T23:30:00Z');
    expect(periods[0]!.from).toBeLessThanOrEqual(now - 365 * 86_400_000);
    expect(periods.at(-1)!.to).toBeGreaterThanOrEqual(now + 365 * 86_400_000);
    expect(periods.find((p) => p.from <= now && now < p.to)?.minutes).toBe(60);
    expect(periods.some((p) => p.from === Date.parse('2027-03-28T01:00:00Z') && p.minutes === 120)).toBe(
      true,
    );
  });

  it('publishes the holiday and maintenance windows for the login page', async () => {
    ctx.clock.set(new Date('2022-12-24T10:00:00Z'));
    const res = await call(ctx.app, 'GET', '/api/config/public');
    expect(res.json.holiday.active).toBe(true);
    expect(res.json.maintenance.active).toBe(false);
    expect(res.json.version).toBe('2.15.4');
  });

  it('serves the OpenAPI description generated from the route schemas', async () => {
    const res = await call(ctx.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.json.paths);
    for (const p of [
      '/api/student/login',
      '/api/student',
      '/api/refresh',
      '/api/resetPassword',
      '/api/group/associate/{companyId}',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.json.paths['/api/student/login'].post.requestBody).toBeDefined();
  });

  it('serves the web app for client-side routes and JSON 404 for unknown API paths', async () => {
    for (const url of ['/', '/dashboard', '/elearning/course/anatomy?x=1']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const api = await call(ctx.app, 'GET', '/api/nope');
    expect(api.status).toBe(404);
    expect(api.json.error.code).toBe('NOT_FOUND');
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends the precompressed bundles the browser accepts, cached for a year, and the page revalidated', async () => {
    const br = await ctx.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli body');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip body');
    const plain = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');

    const page = await ctx.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict content security policy', async () => {
    const res = await ctx.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'self'");
  });
});

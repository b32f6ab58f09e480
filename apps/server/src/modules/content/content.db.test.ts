import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';

describe('medical facts and news', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext({ now: new Date('2026-11-22T10:00:00Z') });
    token = (await login(ctx.app, DEMO.etudiant)).token;
  });
  afterAll(() => ctx.close());

  it('GET /funfact lists at least 40 distinct medical facts (DEMO.md)', async () => {
    const res = await call(ctx.app, 'GET', '/api/funfact', { token });
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThanOrEqual(40);
    expect(new Set(res.json.map((f: { body: string }) => f.body)).size).toBe(res.json.length);
    expect((await call(ctx.app, 'GET', '/api/funfact')).status).toBe(401);
  });

  it('GET /funfact/random/{id} never answers the fact on screen', async () => {
    const [first] = (await call(ctx.app, 'GET', '/api/funfact', { token })).json;
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const res = await call(ctx.app, 'GET', `/api/funfact/random/${first._id}`, { token });
      expect(res.status).toBe(200);
      expect(res.json._id).not.toBe(first._id);
      seen.add(res.json._id);
    }
    expect(seen.size).toBeGreaterThan(1);
    expect((await call(ctx.app, 'GET', '/api/funfact/random/abc', { token })).status).toBe(400);
  });

  it('GET /news/last/{type}: this year and last year later months, newest first, by audience', async () => {
    await ctx.database.db.insert(news).values([
      { message: 'December last year', type: 'Students', createdAt: new Date('2025-12-05T10:00:00Z') },
      { message: 'November last year', type: 'Students', createdAt: new Date('2025-11-05T10:00:00Z') },
    ]);
    const res = await call(ctx.app, 'GET', '/api/news/last/Students', { token });
    expect(res.status).toBe(200);
    const messages = res.json.map((n: { message: string }) => n.message);
    expect(messages).toContain('December last year');
    expect(messages).not.toContain('November last year');
    const dates = res.json.map((n: { created_at: string }) => n.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const companies = (await call(ctx.app, 'GET', '/api/news/last/Companies', { token })).json;
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.some((n: { message: string }) => messages.includes(n.message))).toBe(false);
    expect((await call(ctx.app, 'GET', '/api/news/last/Teachers', { token })).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { eq } from 'drizzle-orm';
import { call, DEMO, login } from '../../test/api.js';
import { companies } from '../../db/schema.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';

describe('POST /api/refresh and /api/student/logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const refresh = (email: string, refreshToken: string) =>
    call(ctx.app, 'POST', '/api/refresh', { body: { email, refreshToken } });

  it('rotates the refresh token and gives a working access token', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    const res = await refresh(DEMO.etudiant, auth.refreshToken);
    expect(res.status).toBe(200);
    expect(res.json.refreshToken).not.toBe(auth.refreshToken);
    const me = await call(ctx.app, 'GET', `/api/student/${auth._id}`, { token: res.json.token });
    expect(me.status).toBe(200);
  });

  it('lets two tabs refresh with the same token at the same moment', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    const [a, b] = await Promise.all([
      refresh(DEMO.etudiant, auth.refreshToken),
      refresh(DEMO.etudiant, auth.refreshToken),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await refresh(DEMO.etudiant, a.json.refreshToken)).status).toBe(200);
    expect((await refresh(DEMO.etudiant, b.json.refreshToken)).status).toBe(200);
  });

  it('serves one reuse of a replaced token within the grace period, not two', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    expect((await refresh(DEMO.etudiant, auth.refreshToken)).status).toBe(200);
    expect((await refresh(DEMO.etudiant, auth.refreshToken)).status).toBe(200);
    expect((await refresh(DEMO.etudiant, auth.refreshToken)).status).toBe(401);
  });

  it('treats reuse of a replaced token after the grace period as theft and revokes the family', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    const first = await refresh(DEMO.etudiant, auth.refreshToken);
    ctx.clock.advance(5 * 60_000);
    const replay = await refresh(DEMO.etudiant, auth.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.json.error.code).toBe('REFRESH_INVALID');
    // The legitimate successor is revoked too.
    expect((await refresh(DEMO.etudiant, first.json.refreshToken)).status).toBe(401);
  });

  it('refuses a token presented with another address, and garbage', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    expect((await refresh(DEMO.nouveau, auth.refreshToken)).status).toBe(401);
    expect((await refresh(DEMO.etudiant, 'not-a-token')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/refresh', { body: { email: DEMO.etudiant } })).status).toBe(
      400,
    );
    expect(
      (
        await call(ctx.app, 'POST', '/api/refresh', {
          body: { email: DEMO.etudiant, refreshToken: 'x'.repeat(10_000) },
        })
      ).status,
    ).toBe(400);
  });

  it('expires a token unused for 30 days although the cookie lives 365', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    ctx.clock.advance(31 * 24 * 3600 * 1000);
    expect((await refresh(DEMO.etudiant, auth.refreshToken)).status).toBe(401);
  });

  it('expires access tokens after their lifetime', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    ctx.clock.advance(16 * 60_000);
    const res = await call(ctx.app, 'GET', `/api/student/${auth._id}`, { token: auth.token });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('UNAUTHENTICATED');
  });

  it('logout revokes the refresh token', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    const out = await call(ctx.app, 'POST', '/api/student/logout', {
      body: { refreshToken: auth.refreshToken },
    });
    expect(out.status).toBe(204);
    expect((await refresh(DEMO.etudiant, auth.refreshToken)).status).toBe(401);
    // Logging out twice, or with an unknown token, is harmless.
    expect(
      (await call(ctx.app, 'POST', '/api/student/logout', { body: { refreshToken: 'unknown' } })).status,
    ).toBe(204);
  });

  it("ends a session when its school is blocked: the refresh is refused with the spec's message, and every session of that learner with it (issue 20)", async () => {
    const school = (loginBlocked: boolean) =>
      ctx.database.db
        .update(companies)
        .set({ loginBlocked })
        .where(eq(companies.id, DEMO_IDS.ecoleSuspendue));
    await school(false);
    const first = await login(ctx.app, DEMO.suspendu);
    const second = await login(ctx.app, DEMO.suspendu);
    await school(true);
    const refused = await refresh(DEMO.suspendu, first.refreshToken);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('COMPANY_BLOCKED');
    // The other device's session ended too.
    expect((await refresh(DEMO.suspendu, second.refreshToken)).status).toBe(401);
  });

  it('refuses a refresh during the maintenance window (issue 20)', async () => {
    const auth = await login(ctx.app, DEMO.etudiant);
    const now = ctx.clock.now();
    ctx.clock.set(new Date('2025-08-05T10:00:00Z'));
    try {
      const res = await refresh(DEMO.etudiant, auth.refreshToken);
      expect(res.status).toBe(503);
      expect(res.json.error.code).toBe('MAINTENANCE');
    } finally {
      ctx.clock.set(now);
    }
  });
});

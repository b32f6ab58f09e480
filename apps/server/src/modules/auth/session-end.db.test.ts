import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { buildApp, type MedEnglishApp } from '../../app.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeCompany, makeUser } from '../../test/factories.js';
import { placementState } from './login.service.js';

/**
 * Issue 20: a session ends when access ends — at logout, when an admin suspends the account,
 * when the school is blocked — for its access tokens too, not only its refresh token. Two app
 * instances share one database, as behind a load balancer: the one that ends a session refuses
 * its token at once, the other within SESSION_REVOCATION_POLL_MS (set short here).
 */
describe('sessions end when access ends', () => {
  let ctx: TestContext;
  let other: MedEnglishApp;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { SESSION_REVOCATION_POLL_MS: 100 } });
    other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: ctx.clock,
      storage: ctx.storage,
    });
    await other.ready();
    const admin = await makeUser(ctx.database.db, { companyId: DEMO_IDS.platform, role: 'admin' });
    adminToken = (await login(ctx.app, admin.email, FACTORY_PASSWORD)).token;
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  type Auth = Awaited<ReturnType<typeof login>>;
  const me = async (app: MedEnglishApp, auth: Auth) =>
    (await call(app, 'GET', `/api/student/${auth._id}`, { token: auth.token })).status;
  /** The other instance's answer once it has had time to read the revocations (a few polls). */
  async function settledOnOther(auth: Auth, expected: number) {
    const until = Date.now() + 3000;
    let status = await me(other, auth);
    while (status !== expected && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      status = await me(other, auth);
    }
    return status;
  }
  const block = (userId: string, blocked: boolean, token = adminToken) =>
    call(ctx.app, 'PUT', `/api/admin/user/${userId}/blocked`, { token, body: { blocked } });
  const blockSchool = (companyId: string, loginBlocked: boolean) =>
    call(ctx.app, 'PUT', `/api/admin/company/${companyId}/loginBlocked`, {
      token: adminToken,
      body: { loginBlocked },
    });

  it('logout ends that session on every instance and leaves the learner’s other sessions alone', async () => {
    const { email } = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    const phone = await login(ctx.app, email, FACTORY_PASSWORD);
    const laptop = await login(ctx.app, email, FACTORY_PASSWORD);
    ctx.clock.advance(1);
    expect([await me(ctx.app, phone), await me(other, phone)]).toEqual([200, 200]);

    const out = await call(ctx.app, 'POST', '/api/student/logout', {
      body: { refreshToken: phone.refreshToken },
    });
    expect(out.status).toBe(204);
    expect(await me(ctx.app, phone)).toBe(401);
    expect(await settledOnOther(phone, 401)).toBe(401);
    expect([await me(ctx.app, laptop), await me(other, laptop)]).toEqual([200, 200]);
  });

  it('a unit’s learning-record-store credentials end with the session that launched it', async () => {
    const s3a = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const { email } = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [s3a] });
    const auth = await login(ctx.app, email, FACTORY_PASSWORD);
    const modules = (await call(ctx.app, 'GET', `/api/module/user/${auth._id}/${s3a}`, { token: auth.token }))
      .json;
    const launched = await call(ctx.app, 'POST', `/api/xapi/launch/${modules[0].units[0].unit._id}`, {
      token: auth.token,
      body: { groupId: s3a },
    });
    const credentials = new URL(launched.json.url, 'http://localhost').searchParams.get('auth')!;
    const statements = async (app: MedEnglishApp) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/xapi/statements?limit=1',
          headers: { authorization: credentials, 'x-experience-api-version': '1.0.3' },
        })
      ).statusCode;
    ctx.clock.advance(1);
    expect([await statements(ctx.app), await statements(other)]).toEqual([200, 200]);
    await call(ctx.app, 'POST', '/api/student/logout', { body: { refreshToken: auth.refreshToken } });
    expect(await statements(ctx.app)).toBe(401);
    const until = Date.now() + 3000;
    while ((await statements(other)) !== 401 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(await statements(other)).toBe(401);
  });

  it('a refreshed token of the session logged out is refused too', async () => {
    const { email } = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    const auth = await login(ctx.app, email, FACTORY_PASSWORD);
    const renewed = await call(ctx.app, 'POST', '/api/refresh', {
      body: { email, refreshToken: auth.refreshToken },
    });
    expect(renewed.status).toBe(200);
    ctx.clock.advance(1);
    await call(ctx.app, 'POST', '/api/student/logout', { body: { refreshToken: renewed.json.refreshToken } });
    expect(await me(ctx.app, { ...auth, token: renewed.json.token })).toBe(401);
    expect(await me(ctx.app, auth)).toBe(401);
  });

  it('suspending an account ends its sessions and refuses sign-in and refresh; lifting it lets the learner back', async () => {
    const user = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    const auth = await login(ctx.app, user.email, FACTORY_PASSWORD);
    ctx.clock.advance(1);
    const res = await block(user.id, true);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sessionsEnded: 1 });

    expect(await me(ctx.app, auth)).toBe(401);
    expect(await settledOnOther(auth, 401)).toBe(401);
    const refresh = await call(ctx.app, 'POST', '/api/refresh', {
      body: { email: user.email, refreshToken: auth.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const again = await call(ctx.app, 'POST', '/api/student/login', {
      body: { email: user.email, password: FACTORY_PASSWORD },
    });
    expect(again.status).toBe(403);
    expect(again.json.error.message).toBe(messages.login.companyBlocked);

    expect((await block(user.id, false)).status).toBe(200);
    ctx.clock.advance(1);
    const back = await login(ctx.app, user.email, FACTORY_PASSWORD);
    expect(await me(ctx.app, back)).toBe(200);
    expect(await settledOnOther(back, 200)).toBe(200);
  });

  it('blocking a school ends the sessions of the learners it shuts out (60 placement answers), not the others', async () => {
    const finished = await login(ctx.app, DEMO.etudiant);
    const notStarted = await login(ctx.app, DEMO.nouveau);
    expect((await placementState(ctx.database.db, finished._id)).answers).toBeGreaterThanOrEqual(60);
    expect((await placementState(ctx.database.db, notStarted._id)).answers).toBe(0);
    ctx.clock.advance(1);
    try {
      const res = await blockSchool(DEMO_IDS.universite, true);
      expect(res.status).toBe(200);
      expect(res.json.sessionsEnded).toBeGreaterThanOrEqual(1);
      expect(await me(ctx.app, finished)).toBe(401);
      expect(await settledOnOther(finished, 401)).toBe(401);
      const refresh = await call(ctx.app, 'POST', '/api/refresh', {
        body: { email: DEMO.etudiant, refreshToken: finished.refreshToken },
      });
      expect(refresh.status).toBe(401);
      // Still allowed to sign in (fewer than 60 answers), so still signed in.
      expect(await me(ctx.app, notStarted)).toBe(200);
      expect(await me(other, notStarted)).toBe(200);
    } finally {
      expect((await blockSchool(DEMO_IDS.universite, false)).status).toBe(200);
    }
    ctx.clock.advance(1);
    expect(await me(ctx.app, await login(ctx.app, DEMO.etudiant))).toBe(200);
  });

  it('only an admin may suspend; unknown ids and bad bodies change nothing', async () => {
    const user = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    const learner = await login(ctx.app, user.email, FACTORY_PASSWORD);
    expect((await block(user.id, true, learner.token)).status).toBe(403);
    const manager = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, role: 'manager' });
    const managerToken = (await login(ctx.app, manager.email, FACTORY_PASSWORD)).token;
    expect((await block(user.id, true, managerToken)).status).toBe(403);
    expect((await block('00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
    const bad = await call(ctx.app, 'PUT', `/api/admin/user/${user.id}/blocked`, {
      token: adminToken,
      body: { blocked: 'yes' },
    });
    expect(bad.status).toBe(400);
    const company = await makeCompany(ctx.database.db);
    const extra = await call(ctx.app, 'PUT', `/api/admin/company/${company}/loginBlocked`, {
      token: adminToken,
      body: { loginBlocked: true, name: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(await me(ctx.app, learner)).toBe(200);
  });
});

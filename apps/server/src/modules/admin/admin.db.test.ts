import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, DEMO, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('GET /api/admin/outbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('shows an admin where each mail stands, without its body (one-time links stay private)', async () => {
    const admin = await makeUser(ctx.database.db, { companyId: DEMO_IDS.platform, role: 'admin' });
    const { token } = await login(ctx.app, admin.email, FACTORY_PASSWORD);
    const forgot = await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email: DEMO.nouveau } });
    expect(forgot.status).toBe(200);
    await ctx.app.jobs.runDue(1); // the reset request's job queues the mail

    const queued = await call(ctx.app, 'GET', '/api/admin/outbox?state=queued', { token });
    expect(queued.status).toBe(200);
    const mail = queued.json.find((m: { to: string }) => m.to === DEMO.nouveau);
    expect(mail).toMatchObject({ state: 'queued', attempts: 0, error: null });
    expect(JSON.stringify(queued.json)).not.toContain('token=');

    await ctx.app.jobs.runDue();
    const after = await call(ctx.app, 'GET', '/api/admin/outbox', { token });
    expect(after.json.find((m: { _id: string }) => m._id === mail._id)).toMatchObject({
      state: 'kept',
      attempts: 1,
    });
  });

  it('is for admins only', async () => {
    const manager = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, role: 'manager' });
    const { token } = await login(ctx.app, manager.email, FACTORY_PASSWORD);
    expect((await call(ctx.app, 'GET', '/api/admin/outbox', { token })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/admin/outbox')).status).toBe(401);
  });
});

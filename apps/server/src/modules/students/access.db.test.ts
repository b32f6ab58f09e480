import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, users } from '../../db/schema.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';

/** DESIGN "Conventions": a learner can never read or write another learner's data. */
describe('every {id} route refuses another learner', () => {
  let ctx: TestContext;
  let me: Awaited<ReturnType<typeof login>>;
  let other: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    me = await login(ctx.app, DEMO.nouveau);
    other = await login(ctx.app, DEMO.salarie);
  });
  afterAll(() => ctx.close());

  const reads = () => [
    `/api/student/${other._id}`,
    `/api/student/company/${other._id}`,
    `/api/company/student/${other._id}`,
    `/api/company/${DEMO_IDS.clinique}`,
    `/api/companyData/${DEMO_IDS.clinique}`,
    `/api/group/user/${other._id}`,
    `/api/group/company/${DEMO_IDS.clinique}`,
    `/api/notifications/custom/${other._id}/${DEMO_IDS.clinique}/Student`,
  ];

  it('answers 403 to reads of another learner or company', async () => {
    for (const url of reads()) {
      const res = await call(ctx.app, 'GET', url, { token: me.token });
      expect(res.status, url).toBe(403);
      expect(res.json.error.code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 without a token, with a forged one, or with a Bearer of garbage', async () => {
    for (const url of reads()) {
      expect((await call(ctx.app, 'GET', url)).status).toBe(401);
      expect((await call(ctx.app, 'GET', url, { token: `${other.token.slice(0, -4)}AAAA` })).status).toBe(
        401,
      );
      expect((await call(ctx.app, 'GET', url, { headers: { authorization: 'Bearer x' } })).status).toBe(401);
    }
  });

  it('refuses writes aimed at another learner and changes nothing', async () => {
    const names = await call(ctx.app, 'PUT', `/api/student/names/${other._id}`, {
      token: me.token,
      body: { firstname: 'Pirate' },
    });
    expect(names.status).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, other._id));
    expect(row!.firstname).toBe('Sarah');

    // Another learner named in the body, or another company in the path.
    const viaBody = await call(ctx.app, 'POST', `/api/group/associate/${DEMO_IDS.clinique}`, {
      token: me.token,
      body: { level: 1, user: other._id, semester: 3 },
    });
    expect(viaBody.status).toBe(403);
    const viaPath = await call(ctx.app, 'POST', `/api/group/associate/${DEMO_IDS.clinique}`, {
      token: me.token,
      body: { level: 1, user: me._id, semester: 3 },
    });
    expect(viaPath.status).toBe(403);
    const memberships = await ctx.database.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, me._id));
    expect(memberships).toHaveLength(0);
  });

  it('answers 400, never 500, for text the database cannot store (a NUL byte)', async () => {
    const requests = [
      call(ctx.app, 'POST', '/api/student/login', {
        body: { email: 'a\u0000b@demo-univ.fr', password: 'x' },
      }),
      call(ctx.app, 'POST', '/api/student/email', { body: { email: 'a\u0000bc@demo-univ.fr' } }),
      call(ctx.app, 'POST', '/api/forgotPassword', { body: { email: 'a\u0000bc@demo-univ.fr' } }),
      call(ctx.app, 'GET', '/api/code/name/AB%00CD'),
      call(ctx.app, 'POST', '/api/test/init/pl%00x', { token: me.token, body: { user: me._id } }),
      call(ctx.app, 'PUT', `/api/student/names/${me._id}`, {
        token: me.token,
        body: { firstname: 'Jo\u0000e' },
      }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.status, res.body).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION');
    }
  });

  it('answers 400 for ids that are not UUIDs and for 10 kB segments, never 500', async () => {
    for (const bad of ['not-a-uuid', '1', 'x'.repeat(10_000), "' OR 1=1 --"]) {
      const res = await call(ctx.app, 'GET', `/api/student/${encodeURIComponent(bad)}`, { token: me.token });
      // Segments longer than the router's limit get 414 URI Too Long; both are the client's fault.
      expect([400, 414], res.body).toContain(res.status);
      expect(res.json.error.code).toBeTypeOf('string');
    }
  });
});

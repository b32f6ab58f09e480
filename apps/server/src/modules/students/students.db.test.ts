import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';

describe('the learner, their company and groups', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('reads the demo learner, company, calendar and groups', async () => {
    const me = await login(ctx.app, DEMO.etudiant);
    const user = await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    expect(user.json).toMatchObject({
      semester: 3,
      catchUp: [1],
      testFinish: true,
      company: DEMO_IDS.universite,
    });

    for (const url of [
      `/api/student/company/${me._id}`,
      `/api/company/student/${me._id}`,
      `/api/company/${DEMO_IDS.universite}`,
    ]) {
      const company = await call(ctx.app, 'GET', url, { token: me.token });
      expect(company.status).toBe(200);
      expect(company.json).toMatchObject({
        name: 'Université Démo – Faculté de Médecine',
        type: 2,
        activatedEvaluo: true,
      });
      expect(company.json.idGroups).toHaveLength(3);
    }

    const data = await call(ctx.app, 'GET', `/api/companyData/${DEMO_IDS.universite}`, { token: me.token });
    expect(data.json.semesters.map((s: { semester: number }) => s.semester)).toEqual([1, 2, 3, 4, 5, 6]);

    const groups = await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token });
    expect(groups.json.map((g: { name: string }) => g.name)).toEqual(['S1 – Groupe A', 'S3 – Groupe A']);
    const s3 = groups.json[1];
    expect(s3.elearning.elearningOptions.map((o: { type: number }) => o.type)).toEqual([1, 2]);

    const all = await call(ctx.app, 'GET', `/api/group/company/${DEMO_IDS.universite}`, { token: me.token });
    expect(all.json).toHaveLength(3);
  });

  it('associates a learner with the group of their semester and level, once', async () => {
    const me = await login(ctx.app, DEMO.nouveau);
    const body = { level: 2, user: me._id, semester: 3 };
    const first = await call(ctx.app, 'POST', `/api/group/associate/${DEMO_IDS.universite}`, {
      token: me.token,
      body,
    });
    expect(first.status).toBe(200);
    expect(first.json.name).toBe('S3 – Groupe B');
    await call(ctx.app, 'POST', `/api/group/associate/${DEMO_IDS.universite}`, { token: me.token, body });
    const groups = await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token });
    expect(groups.json).toHaveLength(1);
    const none = await call(ctx.app, 'POST', `/api/group/associate/${DEMO_IDS.universite}`, {
      token: me.token,
      body: { ...body, semester: 6 },
    });
    expect(none.status).toBe(404);
    const bad = await call(ctx.app, 'POST', `/api/group/associate/${DEMO_IDS.universite}`, {
      token: me.token,
      body: { ...body, level: 7 },
    });
    expect(bad.status).toBe(400);
  });

  it('updates names with the SPEC §5 rule', async () => {
    const me = await login(ctx.app, DEMO.salarie);
    const ok = await call(ctx.app, 'PUT', `/api/student/names/${me._id}`, {
      token: me.token,
      body: { firstname: 'Anne-Sophie', name: "O'NEILL" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Names succesfully updated');
    expect(ok.json.user).toMatchObject({ firstname: 'Anne-Sophie', name: "O'NEILL" });
    for (const body of [
      { firstname: 'Jean2' },
      { name: '-Dupont' },
      {},
      { firstname: 'x'.repeat(10_000) },
      { firstname: 3 },
    ]) {
      const res = await call(ctx.app, 'PUT', `/api/student/names/${me._id}`, { token: me.token, body });
      expect(res.status).toBe(400);
    }
    const after = await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    expect(after.json.firstname).toBe('Anne-Sophie');
    expect(messages.names.forbidden).toBe('Certain symbols and numbers are forbidden');
  });

  it('lists only range Student notifications meant for the learner, newest first', async () => {
    const me = await login(ctx.app, DEMO.etudiant);
    const res = await call(
      ctx.app,
      'GET',
      `/api/notifications/custom/${me._id}/${DEMO_IDS.universite}/Student`,
      {
        token: me.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(3);
    expect(res.json.every((n: { range: string }) => n.range === 'Student')).toBe(true);
    const dates = res.json.map((n: { created_at: string }) => n.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const other = await login(ctx.app, DEMO.nouveau);
    const theirs = await call(
      ctx.app,
      'GET',
      `/api/notifications/custom/${other._id}/${DEMO_IDS.universite}/Student`,
      {
        token: other.token,
      },
    );
    expect(theirs.json).toHaveLength(1);
    const groupRange = await call(
      ctx.app,
      'GET',
      `/api/notifications/custom/${me._id}/${DEMO_IDS.universite}/Group`,
      {
        token: me.token,
      },
    );
    expect(groupRange.status).toBe(400);
  });
});

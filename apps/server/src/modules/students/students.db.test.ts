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
    expect(s3.elearning.elearningOptions.map((o: { type: number }) => o.type)).toEqual([1, 1, 2, 3]);

    const all = await call(ctx.app, 'GET', `/api/group/company/${DEMO_IDS.universite}`, { token: me.token });
    expect(all.json).toHaveLength(3);
  });

  it('associates a learner only with the group their placement result and semester give, once', async () => {
    // Camille finished her test at about B1.3 (total 5.53): level 1, semester 3.
    const me = await login(ctx.app, DEMO.etudiant);
    const url = `/api/group/associate/${DEMO_IDS.universite}`;
    const body = { level: 1, user: me._id, semester: 3 };
    const first = await call(ctx.app, 'POST', url, { token: me.token, body });
    expect(first.status).toBe(200);
    expect(first.json.name).toBe('S3 – Groupe A');
    expect((await call(ctx.app, 'POST', url, { token: me.token, body })).status).toBe(200);
    const groups = await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token });
    expect(groups.json).toHaveLength(2); // S1 – Groupe A and S3 – Groupe A, no duplicate

    // Another level or semester than the learner's own is refused, and joins nothing.
    for (const other of [
      { ...body, level: 2 },
      { ...body, semester: 1 },
    ]) {
      expect((await call(ctx.app, 'POST', url, { token: me.token, body: other })).status).toBe(403);
    }
    expect((await call(ctx.app, 'POST', url, { token: me.token, body: { ...body, level: 7 } })).status).toBe(
      400,
    );
    expect((await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token })).json).toHaveLength(
      2,
    );

    // While the placement test is pending, no group can be joined.
    const pending = await login(ctx.app, DEMO.nouveau);
    const early = await call(ctx.app, 'POST', url, {
      token: pending.token,
      body: { ...body, user: pending._id },
    });
    expect(early.status).toBe(403);
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
    expect(res.json).toHaveLength(6);
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
    expect(theirs.json).toHaveLength(3);
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

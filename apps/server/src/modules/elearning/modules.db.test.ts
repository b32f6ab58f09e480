import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';

type Session = Awaited<ReturnType<typeof login>>;

describe('modules and results calls (SPEC §7 "Modules and trackers")', () => {
  let ctx: TestContext;
  let camille: Session;
  let s3a: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    camille = await login(ctx.app, DEMO.etudiant);
    const groups = await call(ctx.app, 'GET', `/api/group/user/${camille._id}`, { token: camille.token });
    s3a = groups.json.find((g: { name: string }) => g.name === 'S3 – Groupe A')._id;
  });
  afterAll(() => ctx.close());

  const get = (path: string, who = camille) => call(ctx.app, 'GET', path, { token: who.token });

  it("lists the group's modules in order with objectives, thumbnail, revision PDF and the learner's units", async () => {
    const res = await get(`/api/module/user/${camille._id}/${s3a}`);
    expect(res.status).toBe(200);
    expect(res.json.map((m: { key: string }) => m.key)).toEqual([
      'patient-history',
      'pain-and-symptoms',
      'body-and-anatomy',
      'medication-prescriptions',
    ]);
    const [history] = res.json;
    expect(history.summary.length).toBeGreaterThan(100);
    expect(history.objectives[0].content.length).toBeGreaterThanOrEqual(3);
    expect(history.units.map((u: { unit: { isFinalQuiz: boolean } }) => u.unit.isFinalQuiz)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    // Camille's seeded record: three units completed and the chapter quiz passed.
    expect(history.units.map((u: { verb: string }) => u.verb)).toEqual([
      'completed',
      'completed',
      'completed',
      'passed',
    ]);
    expect(history.progress).toBe(100);
    expect(history.units[1].time).toBe(75 * 60);
    const thumbnail = await ctx.app.inject({ method: 'GET', url: history.thumbnail });
    expect(thumbnail.headers['content-type']).toContain('image/svg+xml');
    const pdf = await ctx.app.inject({ method: 'GET', url: history.revisionFile[0].fileName });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers chapter quizzes passed, progress by module and overall progress', async () => {
    expect((await get(`/api/module/totalquiz/${camille._id}/${s3a}`)).json).toEqual({ total: 4, passed: 1 });
    const percentages = (await get(`/api/module/percentage/${camille._id}/${s3a}`)).json;
    expect(percentages.map((p: { percentage: number }) => p.percentage)).toEqual([100, 25, 0, 0]);
    expect((await get(`/api/module/progress/${camille._id}/${s3a}`)).json).toEqual({
      finished: 5,
      total: 15,
      percentage: 33.3,
    });
    const results = await call(ctx.app, 'POST', `/api/module/test/${camille._id}`, {
      token: camille.token,
      body: { email: DEMO.etudiant, groupId: s3a },
    });
    expect(results.status).toBe(200);
    expect(results.json).toHaveLength(4);
  });

  it('counts the time of a unit from the study-time heartbeats sent while it is open', async () => {
    const course = async () => (await get(`/api/module/user/${camille._id}/${s3a}`)).json;
    const unit = (await course())[2].units[0];
    const beat = (time: number) =>
      call(ctx.app, 'PUT', `/api/unittrackers/timer/${camille._id}`, {
        token: camille.token,
        body: { unit: unit.unit._id, time, group: s3a },
      });
    await beat(0);
    ctx.clock.advance(30_000);
    await beat(30);
    ctx.clock.advance(30_000);
    await beat(30);
    expect((await course())[2].units[0].time).toBe(unit.time + 60);
  });

  it("refuses another learner's modules, a group the learner is not in, and a wrong e-mail", async () => {
    const leo = await login(ctx.app, DEMO.nouveau);
    expect((await get(`/api/module/user/${camille._id}/${s3a}`, leo)).status).toBe(403);
    expect((await get(`/api/module/user/${leo._id}/${s3a}`, leo)).status).toBe(403);
    expect((await get(`/api/module/progress/${camille._id}/not-a-uuid`)).status).toBe(400);
    const wrong = await call(ctx.app, 'POST', `/api/module/test/${camille._id}`, {
      token: camille.token,
      body: { email: DEMO.nouveau, groupId: s3a },
    });
    expect(wrong.status).toBe(403);
  });
});

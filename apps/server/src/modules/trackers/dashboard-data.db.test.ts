import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '@medenglish/shared';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { demoActivityId } from '../../demo/elearning-seed.js';
import {
  FACTORY_PASSWORD,
  makeStudyTime,
  makeUnitResult,
  makeUser,
  unitIdByActivity,
  type MadeUser,
} from '../../test/factories.js';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * The read side of the dashboard on the demo seed (DEMO.md: Camille has study time and results);
 * what writes (heartbeats, stored progress) does so for a learner of its own in S3 – Groupe A.
 */
describe('dashboard data: trackers, results and progress', () => {
  let ctx: TestContext;
  let camille: Session;
  let nouveau: Session;
  let s3a: string;
  let s3b: string;
  beforeAll(async () => {
    ctx = await createTestContext({ now: new Date('2026-11-22T10:00:00Z') });
    camille = await login(ctx.app, DEMO.etudiant);
    nouveau = await login(ctx.app, DEMO.nouveau);
    const groups = await call(ctx.app, 'GET', `/api/group/user/${camille._id}`, { token: camille.token });
    s3a = groups.json.find((g: { name: string }) => g.name === 'S3 – Groupe A')._id;
    const company = await call(ctx.app, 'GET', `/api/group/company/${DEMO_IDS.universite}`, {
      token: camille.token,
    });
    s3b = company.json.find((g: { name: string }) => g.name === 'S3 – Groupe B')._id;
  });
  afterAll(() => ctx.close());

  const get = (url: string, who: Session = camille) =>
    call(ctx.app, 'GET', `/api${url}`, { token: who.token });

  /** A learner of S3 – Groupe A with no record yet, signed in. */
  async function memberOfS3a(): Promise<{ user: MadeUser; session: Session }> {
    const user = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [s3a] });
    return { user, session: await login(ctx.app, user.email, FACTORY_PASSWORD) };
  }
  const today = () => dayInTimeZone(ctx.clock.now(), 'Europe/Paris');

  it('GET /unittrackers/time/ authenticates by the auth cookie, as SPEC §6 sends no header there', async () => {
    const byCookie = await call(ctx.app, 'GET', '/api/unittrackers/time/', {
      headers: { cookie: `token=${camille.token}` },
    });
    expect(byCookie.status).toBe(200);
    // Seed: 8 unit slots (300 min) and 7 idle slots (64 min); 24 min today.
    expect(byCookie.json).toEqual({ seconds: (300 + 64) * 60, todaySeconds: 24 * 60 });
    expect((await call(ctx.app, 'GET', '/api/unittrackers/time/')).status).toBe(401);
    // The cookie is accepted there only: other routes still need the header.
    const other = await call(ctx.app, 'GET', `/api/student/${camille._id}`, {
      headers: { cookie: `token=${camille.token}` },
    });
    expect(other.status).toBe(401);
  });

  it('idle and unit trackers read back what the heartbeats recorded', async () => {
    expect((await get(`/idletracker/user/${camille._id}/${s3a}`)).json).toEqual({
      groupId: s3a,
      seconds: 64 * 60,
    });
    const units = (await get(`/unittrackers/user/${camille._id}/${s3a}`)).json.units as { time: number }[];
    expect(units).toHaveLength(6);
    expect(units.reduce((s, u) => s + u.time, 0)).toBe(300 * 60);

    // A beat outside any unit adds to the idle time of the group named in it.
    const { user, session } = await memberOfS3a();
    await makeStudyTime(ctx.database.db, { userId: user.id, groupId: s3a, day: today(), seconds: 4 * 60 });
    await call(ctx.app, 'PUT', `/api/unittrackers/timer/${user.id}`, {
      token: session.token,
      body: { time: 0, group: s3a },
    });
    ctx.clock.advance(30_000);
    await call(ctx.app, 'PUT', `/api/unittrackers/timer/${user.id}`, {
      token: session.token,
      body: { time: 30, group: s3a },
    });
    expect((await get(`/idletracker/user/${user.id}/${s3a}`, session)).json.seconds).toBe(4 * 60 + 30);
  });

  it("refuses another learner's trackers and groups the learner is not in", async () => {
    for (const url of [
      `/idletracker/user/${camille._id}/${s3a}`,
      `/unittrackers/user/${camille._id}/${s3a}`,
      `/unittrackers/latest/${camille._id}/${s3a}`,
      `/results/global/${camille._id}/${DEMO.etudiant}/${s3a}`,
      `/group/exam/${camille._id}`,
    ]) {
      expect((await get(url, nouveau)).status, url).toBe(403);
    }
    expect((await get(`/idletracker/user/${camille._id}/${s3b}`)).status).toBe(403);
    expect((await get(`/results/global/${camille._id}/${DEMO.nouveau}/${s3a}`)).status).toBe(403);
    const foreign = await call(ctx.app, 'POST', `/api/progresstrackers/${camille._id}`, {
      token: nouveau.token,
      body: {
        groupId: s3a,
        progress: { completionRate: 100, successRate: 100, date: '2026-11-22', time: 1, sec: 60 },
      },
    });
    expect(foreign.status).toBe(403);
  });

  it('global results list the units with a result, and the targets second (SPEC §7)', async () => {
    const res = await get(`/results/global/${camille._id}/${DEMO.etudiant}/${s3a}`);
    expect(res.status).toBe(200);
    const [results, targets] = res.json;
    expect(results).toHaveLength(6);
    expect(targets).toMatchObject({
      elearningTarget: 70,
      elearningDuration: 1200,
      elearningDurationTarget: 80,
      totalUnits: 15,
      progress: null,
    });
    const quiz = results.find((r: { unit: { isFinalQuiz: boolean } }) => r.unit.isFinalQuiz);
    expect(quiz).toMatchObject({
      verb: 'passed',
      result: { score: { scaled: 0.8, raw: 16, max: 20 } },
      time: 30 * 60,
    });
  });

  it('POST /progresstrackers recomputes from the server records and ignores the figures sent', async () => {
    const db = ctx.database.db;
    const { user, session } = await memberOfS3a();
    const unit = (moduleKey: string, unitKey: string) =>
      unitIdByActivity(db, demoActivityId(moduleKey, unitKey));
    const done = (scaled: number | null, max = 20) => ({
      completion: true,
      success: true,
      score: scaled === null ? null : { scaled, raw: Math.round(scaled * max), max },
    });
    const opening = await unit('patient-history', 'opening-the-consultation');
    const complaint = await unit('patient-history', 'presenting-complaint');
    const quiz = await unit('patient-history', 'chapter-quiz');
    const pain = await unit('pain-and-symptoms', 'types-of-pain');
    await makeUnitResult(db, { userId: user.id, unitId: opening, verb: 'completed', result: done(null) });
    await makeUnitResult(db, { userId: user.id, unitId: complaint, verb: 'completed', result: done(0.7) });
    await makeUnitResult(db, { userId: user.id, unitId: quiz, verb: 'passed', result: done(0.8) });
    await makeUnitResult(db, {
      userId: user.id,
      unitId: pain,
      verb: 'attempted',
      result: { completion: false, success: null, score: null },
    });
    for (const [unitId, minutes] of [
      [opening, 20],
      [complaint, 25],
    ] as const)
      await makeStudyTime(db, { userId: user.id, groupId: s3a, unitId, day: today(), seconds: minutes * 60 });
    await makeStudyTime(db, { userId: user.id, groupId: s3a, day: today(), seconds: 4 * 60 + 30 });

    const res = await call(ctx.app, 'POST', `/api/progresstrackers/${user.id}`, {
      token: session.token,
      body: {
        groupId: s3a,
        progress: { completionRate: 100, successRate: 100, date: '2020-01-01', time: 99999, sec: 1 },
      },
    });
    expect(res.status).toBe(200);
    // SPEC §9: success = mean of 100 (completed and passed, no score), 70, 80 and 0 (in progress).
    // Completion = 3 completed units of 15. Time = units 45 min + idle 4.5 min, in whole minutes.
    expect(res.json).toEqual({
      completionRate: 20,
      successRate: 62.5,
      date: today(),
      time: 49,
      sec: 45 * 60 + 4 * 60 + 30,
    });
    const [, targets] = (await get(`/results/global/${user.id}/${user.email}/${s3a}`, session)).json;
    expect(targets.progress).toEqual(res.json);
  });

  it('the last activity is the unit last worked on, null for a learner who has not started', async () => {
    expect((await get(`/unittrackers/latest/${camille._id}/${s3a}`)).json).toMatchObject({
      module: { name: 'Describing pain and symptoms' },
      unit: { name: 'Site, onset and severity', isFinalQuiz: false },
    });
    const salarie = await login(ctx.app, DEMO.salarie);
    const [path] = (await get(`/group/user/${salarie._id}`, salarie)).json;
    expect((await get(`/unittrackers/latest/${salarie._id}/${path._id}`, salarie)).json).toEqual({
      module: null,
      unit: null,
      at: null,
    });
  });

  it("GET /group/exam lists the exams of the learner's groups", async () => {
    const exams = (await get(`/group/exam/${camille._id}`)).json as {
      groupName: string;
      exam: { type: number };
    }[];
    expect(exams.map((e) => [e.groupName, e.exam.type])).toEqual([
      ['S1 – Groupe A', 1],
      ['S3 – Groupe A', 1],
      ['S3 – Groupe A', 1],
      ['S3 – Groupe A', 2],
      ['S3 – Groupe A', 3],
    ]);
  });

  it('bad parameters are 400, never 500', async () => {
    expect((await get(`/idletracker/user/${camille._id}/not-a-uuid`)).status).toBe(400);
    expect((await get(`/results/global/${camille._id}/not-an-email/${s3a}`)).status).toBe(403);
    const bad = await call(ctx.app, 'POST', `/api/progresstrackers/${camille._id}`, {
      token: camille.token,
      body: { groupId: s3a, progress: { completionRate: 101 } },
    });
    expect(bad.status).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { groupMembers, groups, placementAnswers, placementQuestions } from '../../db/schema.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { forgetModels } from './question-bank.js';
import { call, DEMO, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeCompany, makeUser } from '../../test/factories.js';

const MODEL = 'placement-v1';

describe('placement test API', () => {
  let ctx: TestContext;
  let keys: Map<
    string,
    { correct: number[]; type: string; answers: number; name: string; media: string | null }
  >;
  let signups = 0;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { RATE_LIMIT_IP_ATTEMPTS: 10_000 } });
    const rows = await ctx.database.db.select().from(placementQuestions);
    keys = new Map(
      rows.map((q) => [
        q.id,
        {
          correct: q.correct,
          type: q.type,
          answers: q.answers.length,
          name: q.name,
          media: q.media?.filename ?? null,
        },
      ]),
    );
  });
  afterAll(() => ctx.close());

  /** A learner of a company of their own, placement test not taken yet, signed in. */
  async function madeLearner() {
    const db = ctx.database.db;
    const user = await makeUser(db, { companyId: await makeCompany(db), testFinish: false });
    return login(ctx.app, user.email, FACTORY_PASSWORD);
  }

  /** A new learner of the given code, signed in. */
  async function newLearner(code = 'DEMO-MED-2026', semester = 3) {
    const email = `learner${++signups}@demo-univ.fr`;
    const res = await call(ctx.app, 'POST', '/api/student', {
      body: {
        email,
        password: 'Poumon2026x',
        firstname: 'Test',
        name: 'Learner',
        code,
        semester,
        consent: true,
        typeSite: 1,
      },
    });
    expect(res.status, res.body).toBe(201);
    return { ...(res.json as { token: string; _id: string; refreshToken: string }), email };
  }

  const init = (who: { token: string; _id: string }, model = MODEL) =>
    call(ctx.app, 'POST', `/api/test/init/${model}`, {
      token: who.token,
      body: { user: who._id, type: 'placement' },
    });

  const put = (who: { token: string }, testId: string, answers: unknown[]) =>
    call(ctx.app, 'PUT', `/api/test/${testId}`, { token: who.token, body: { answers } });

  const right = (id: string) => ({ question: id, answerIndex: keys.get(id)!.correct });
  /** A well-formed wrong answer. */
  const wrong = (id: string) => {
    const k = keys.get(id)!;
    if (k.type === 'mcq' || k.type === 'tof')
      return { question: id, answerIndex: [(k.correct[0]! + 1) % k.answers] };
    return { question: id, answerIndex: [...k.correct].reverse() };
  };

  it('sends the questions without their keys, in parts KN, RC, OC, with every type', async () => {
    const me = await madeLearner();
    const res = await init(me);
    expect(res.status).toBe(200);
    expect(res.json.questions.length).toBeGreaterThanOrEqual(60);
    // No key in any form anywhere in the payload.
    expect(res.body).not.toMatch(/"correct"|"isCorrect"|"key"/);
    for (const q of res.json.questions)
      expect(Object.keys(q).sort()).toEqual([
        '_id',
        'answers',
        'category',
        'level',
        'media',
        'name',
        'passage',
        'subcategory',
        'type',
      ]);
    expect(new Set(res.json.questions.map((q: { type: string }) => q.type))).toEqual(
      new Set(['mcq', 'tof', 'fillblank', 'd&d']),
    );
    const rank: Record<string, number> = { KN: 0, RC: 1, OC: 2 };
    const ranks = res.json.questions.map((q: { category: string }) => rank[q.category]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(res.json.descriptionKN).toBeTruthy();
    // The part intros follow the interface language (issue 10): French by default, else English.
    expect(res.json.descriptionKN).toMatch(/^Cette partie/);
    const english = await call(ctx.app, 'POST', `/api/test/init/${MODEL}`, {
      token: me.token,
      body: { user: me._id, type: 'placement' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json.descriptionKN).toMatch(/^This part tests/);
    expect(english.json.testId).toBe(res.json.testId);
    const media = res.json.questions.find((q: { media: unknown }) => q.media);
    expect(media.media.url).toMatch(/^\/media\/placementTest\/(audio|img)\//);
  });

  it('resumes the same test with the saved answers after a reload or a new login', async () => {
    const me = await newLearner();
    const first = await init(me);
    const [q1, q2] = first.json.questions;
    expect((await put(me, first.json.testId, [wrong(q1._id)])).json.answered).toBe(1);
    // SPEC §4: the next submit sends all answers so far; the first is accepted again unchanged.
    const second = await put(me, first.json.testId, [wrong(q1._id), right(q2._id)]);
    expect(second.json).toMatchObject({ answered: 2, testFinish: false, scores: null });
    const again = await init({ token: (await login(ctx.app, me.email, 'Poumon2026x')).token, _id: me._id });
    expect(again.json.testId).toBe(first.json.testId);
    expect(again.json.answers.map((a: { question: string }) => a.question)).toEqual([q1._id, q2._id]);
    expect(again.json.answers[0].answerIndex).toEqual(wrong(q1._id).answerIndex);
  });

  it('saves an answer when the cached bank has just expired (no second connection inside the transaction)', async () => {
    const me = await newLearner();
    const test = (await init(me)).json;
    forgetModels(ctx.database.db);
    // With the embedded database's single connection, loading the bank inside the transaction
    // used to wait for ever for the connection the transaction held.
    const res = await put(me, test.testId, [right(test.questions[0]._id)]);
    expect(res.status).toBe(200);
    expect(res.json.answered).toBe(1);
  });

  it('refuses a changed answer, an unknown question, a malformed answer and another learner — never 500, nothing saved', async () => {
    const me = await newLearner();
    const other = await newLearner();
    const test = (await init(me)).json;
    const [q1, q2, q3] = test.questions;
    await put(me, test.testId, [right(q1._id)]);
    // One question at a time: an answer to a question not asked yet is refused.
    const ahead = await put(me, test.testId, [right(q3._id)]);
    expect(ahead.status).toBe(409);
    expect(ahead.json.error.message).toBe(messages.placement.notReached);
    const count = async () =>
      (await ctx.database.db.select().from(placementAnswers).where(eq(placementAnswers.testId, test.testId)))
        .length;

    const changed = await put(me, test.testId, [wrong(q1._id)]);
    expect(changed.status).toBe(409);
    expect(changed.json.error.message).toBe(messages.placement.alreadyAnswered);
    // All or nothing: a good new answer next to a refused one is not saved either.
    expect((await put(me, test.testId, [right(q2._id), wrong(q1._id)])).status).toBe(409);
    expect(await count()).toBe(1);

    const unknown = await put(me, test.testId, [
      { question: '00000000-0000-4000-8000-000000000000', answerIndex: [0] },
    ]);
    expect(unknown.status).toBe(400);
    const outOfRange = await put(me, test.testId, [{ question: q2._id, answerIndex: [49] }]);
    expect(outOfRange.status).toBe(400);
    for (const body of [
      {},
      { answers: [] },
      { answers: 'x' },
      { answers: [{ question: q2._id, answerIndex: 'x'.repeat(10_000) }] },
    ]) {
      const res = await call(ctx.app, 'PUT', `/api/test/${test.testId}`, { token: me.token, body });
      expect(res.status).toBe(400);
    }
    const theirs = await put(other, test.testId, [right(q2._id)]);
    expect(theirs.status).toBe(403);
    expect((await init({ token: me.token, _id: other._id })).status).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/test/user/${other._id}`, { token: me.token })).status).toBe(403);
    expect(
      (
        await call(ctx.app, 'PUT', '/api/test/not-a-uuid', {
          token: me.token,
          body: { answers: [right(q2._id)] },
        })
      ).status,
    ).toBe(400);
    expect((await init(me, 'no-such-model')).status).toBe(404);
    expect(await count()).toBe(1);
  });

  it('finishes with every answer right: C2, level-2 group of the semester, then refuses more answers', async () => {
    const me = await newLearner();
    const test = (await init(me)).json;
    const answers = test.questions.map((q: { _id: string }) => right(q._id));
    const half = Math.floor(answers.length / 2);
    expect((await put(me, test.testId, answers.slice(0, half))).json.testFinish).toBe(false);
    const done = await put(me, test.testId, answers);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      testFinish: true,
      scores: { scoreKN: 10, scoreRC: 10, scoreOC: 10, total: 10 },
      level: 'C2.9',
      answered: answers.length,
      total: answers.length,
    });
    const student = await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    expect(student.json.testFinish).toBe(true);
    const mine = await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token });
    expect(mine.json.map((g: { name: string }) => g.name)).toEqual(['S3 – Groupe B']);
    expect((await put(me, test.testId, [answers[0]])).status).toBe(409);
    const result = await call(ctx.app, 'GET', `/api/test/user/${me._id}`, { token: me.token });
    expect(result.json).toMatchObject({ testId: test.testId, testFinish: true, level: 'C2.9' });
    expect(result.json.answers).toHaveLength(answers.length);
    // A finished test comes back finished, not as a new test.
    expect((await init(me)).json).toMatchObject({ testId: test.testId, testFinish: true });
  });

  it('places a learner with every answer wrong at A0 in the level-1 group', async () => {
    const me = await newLearner();
    const test = (await init(me)).json;
    const done = await put(
      me,
      test.testId,
      test.questions.map((q: { _id: string }) => wrong(q._id)),
    );
    expect(done.json).toMatchObject({ testFinish: true, level: 'A0.0', scores: { total: 0 } });
    const mine = await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token });
    expect(mine.json.map((g: { name: string }) => g.name)).toEqual(['S3 – Groupe A']);
  });

  it('forces the logout of a loginBlocked company learner once 60 answers exist, keeping them', async () => {
    const me = await newLearner('DEMO-BLOCKED-2026');
    const test = (await init(me)).json;
    const answers = test.questions.map((q: { _id: string }) => right(q._id));
    expect((await put(me, test.testId, answers.slice(0, 59))).status).toBe(200);
    const sixtieth = await put(me, test.testId, answers.slice(0, 60));
    expect(sixtieth.status).toBe(403);
    expect(sixtieth.json.error).toEqual({ code: 'COMPANY_BLOCKED', message: messages.login.companyBlocked });
    const saved = await ctx.database.db
      .select()
      .from(placementAnswers)
      .where(eq(placementAnswers.testId, test.testId));
    expect(saved).toHaveLength(60);
    const relogin = await call(ctx.app, 'POST', '/api/student/login', {
      body: { email: me.email, password: 'Poumon2026x' },
    });
    expect(relogin.status).toBe(403);
    // No other tab or device keeps the session through a refresh.
    const refreshed = await call(ctx.app, 'POST', '/api/refresh', {
      body: { email: me.email, refreshToken: me.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });

  it('lets an audio clip be played twice, counted on the server across reloads', async () => {
    const me = await newLearner();
    const test = (await init(me)).json;
    const audio = test.questions.find((q: { media: { type: string } | null }) => q.media?.type === 'audio')
      .media.filename;
    const play = (who = me) =>
      call(ctx.app, 'PUT', `/api/test/${test.testId}/audio`, { token: who.token, body: { media: audio } });
    expect((await play()).json).toEqual({ media: audio, plays: 1, remaining: 1 });
    expect((await init(me)).json.audioPlays).toEqual({ [audio]: 1 });
    const [second, third] = await Promise.all([play(), play()]);
    expect([second.status, third.status].sort()).toEqual([200, 409]);
    expect((await play()).json.error.message).toBe(messages.placement.audioLimit);
    expect((await init(me)).json.audioPlays).toEqual({ [audio]: 2 });
    const other = await newLearner();
    expect((await play(other)).status).toBe(403);
    const bogus = await call(ctx.app, 'PUT', `/api/test/${test.testId}/audio`, {
      token: me.token,
      body: { media: '../../etc/passwd' },
    });
    expect(bogus.status).toBe(400);
  });

  it('serves question media from storage, with Range requests for audio', async () => {
    const me = await madeLearner();
    const test = (await init(me)).json;
    const audio = test.questions.find(
      (q: { media: { type: string } | null }) => q.media?.type === 'audio',
    ).media;
    const full = await ctx.app.inject({ url: audio.url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toContain('audio/mpeg');
    const part = await ctx.app.inject({ url: audio.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    const image = test.questions.find(
      (q: { media: { type: string } | null }) => q.media?.type === 'img',
    ).media;
    const svg = await ctx.app.inject({ url: image.url });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect((await ctx.app.inject({ url: '/media/placementTest/audio/missing.mp3' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/media/../package.json' })).statusCode).toBe(404);
  });

  it('has no test for exempt companies: they join their level-1 group at sign-up', async () => {
    const res = await call(ctx.app, 'POST', '/api/student', {
      body: {
        email: 'aide.soignante@clinique-demo.com',
        password: 'Poumon2026x',
        firstname: 'Lina',
        name: 'Morel',
        code: 'DEMO-CLINIC-2026',
        phone: '0612345678',
        jobTitle: 'Aide-soignante',
        needs: ['telephoning'],
        consent: true,
        typeSite: 1,
      },
    });
    const me = res.json;
    const student = await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    expect(student.json.placementtest).toBe(false);
    expect((await init(me)).status).toBe(409);
    const [membership] = await ctx.database.db
      .select({ name: groups.name })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, me._id));
    expect(membership).toEqual({ name: 'Parcours Clinique' });
    expect(DEMO_IDS.clinique).toBe(student.json.company);
  });

  it('keeps the demo learners as DEMO.md says', async () => {
    const camille = await login(ctx.app, DEMO.etudiant);
    const result = await call(ctx.app, 'GET', `/api/test/user/${camille._id}`, { token: camille.token });
    expect(result.json).toMatchObject({ testFinish: true, level: expect.stringMatching(/^B1\./) });
    const blocked = await call(ctx.app, 'POST', '/api/student/login', {
      body: { email: DEMO.suspendu, password: DEMO.password },
    });
    expect(blocked.status).toBe(403);
  });
});

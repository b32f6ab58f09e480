import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_GRACE_MS, messages, type ExamAttempt } from '@medenglish/shared';
import { examAnswers, examAttempts, jobs, poolQuestions } from '../../db/schema.js';
import { DEMO_POOLS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeCompany, makeExamGroup, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { scoreAttempt } from './exam-scores.js';

const MIN = 60_000;
const POOL = DEMO_POOLS.finished; // 16 questions, 45 minutes, every question drawn
const START = new Date('2026-12-01T08:00:00.000Z');

type Session = { token: string; _id: string };

describe('quiz exams (issue 12)', () => {
  let ctx: TestContext;
  let companyId: string;
  let groupId: string;
  let keys: Map<string, number[]>;

  beforeAll(async () => {
    // Tokens outlive the hours the clock is moved by here; their expiry has its own tests.
    ctx = await createTestContext({
      now: new Date(START.getTime() - 60 * MIN),
      config: { ACCESS_TOKEN_MINUTES: 24 * 60 },
    });
    const db = ctx.database.db;
    companyId = await makeCompany(db);
    groupId = await makeExamGroup(db, {
      companyId,
      poolId: POOL,
      begin: START,
      end: new Date(START.getTime() + 4 * 60 * MIN),
    });
    const rows = await db.select().from(poolQuestions).where(eq(poolQuestions.poolId, POOL));
    keys = new Map(rows.map((q) => [q.id, q.correct]));
  });
  afterAll(() => ctx.close());

  async function learner(options: { additionalTime?: number; memberOf?: string[]; semester?: number } = {}) {
    const user = await makeUser(ctx.database.db, {
      companyId,
      memberOf: options.memberOf ?? [groupId],
      additionalTime: options.additionalTime,
      semester: options.semester,
    });
    return login(ctx.app, user.email, FACTORY_PASSWORD);
  }

  const start = (who: Session, pool = POOL, body: Record<string, unknown> = {}) =>
    call(ctx.app, 'POST', `/api/examtype1/init/${pool}`, {
      token: who.token,
      body: { user: who._id, ...body },
    });
  const put = (who: Session, testId: string, body: Record<string, unknown>) =>
    call(ctx.app, 'PUT', `/api/examtype1/${testId}`, { token: who.token, body });
  const sync = (who: Session, testId: string, timer?: number) =>
    call(ctx.app, 'PUT', `/api/examtype1/data/${testId}`, { token: who.token, body: { timer } });

  /** The right answer to the question at `position`, in the options as this attempt shows them. */
  function right(attempt: ExamAttempt, position: number) {
    const q = attempt.questions[position]!;
    const key = keys.get(q._id)!;
    // The attempt shows the pool's options in its own order: find each key option by its text.
    return { position, question: q._id, answerIndex: key.map((i) => shownIndexOf(attempt, position, i)) };
  }
  const optionTexts = new Map<string, string[]>();
  function shownIndexOf(attempt: ExamAttempt, position: number, poolIndex: number): number {
    const q = attempt.questions[position]!;
    const texts = optionTexts.get(q._id)!;
    return q.answers.findIndex((a) => a.text === texts[poolIndex]);
  }
  function wrong(attempt: ExamAttempt, position: number) {
    const answer = right(attempt, position);
    const q = attempt.questions[position]!;
    const n = q.answers.length;
    const answerIndex =
      answer.answerIndex.length === 1
        ? [(answer.answerIndex[0]! + 1) % n]
        : [...answer.answerIndex].reverse();
    return { ...answer, answerIndex };
  }

  beforeAll(async () => {
    const rows = await ctx.database.db.select().from(poolQuestions).where(eq(poolQuestions.poolId, POOL));
    for (const q of rows)
      optionTexts.set(
        q.id,
        q.answers.map((a) => a.text),
      );
  });

  const at = (minutes: number) => ctx.clock.set(new Date(START.getTime() + minutes * MIN));

  it('refuses to start before the exam opens, and changes nothing', async () => {
    at(-1);
    const me = await learner();
    const res = await start(me);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('EXAM_NOT_OPEN');
    expect(res.json.error.message).toBe(messages.exam.notOpen);
    const rows = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, me._id));
    expect(rows).toEqual([]);
  });

  it('starts one attempt with the server deadline, without answer keys, and resumes the same one', async () => {
    at(10);
    const me = await learner();
    const [a, b] = await Promise.all([start(me), start(me)]);
    expect(a.status, a.body).toBe(200);
    expect(b.json.testId).toBe(a.json.testId);
    const attempt = a.json as ExamAttempt;
    expect(attempt.total).toBe(16);
    expect(attempt.questions).toHaveLength(16);
    expect(Date.parse(attempt.deadline)).toBe(START.getTime() + 10 * MIN + 45 * MIN);
    expect(attempt.remainingMs).toBe(45 * MIN);
    expect(a.body).not.toMatch(/"correct"/);
    // The pool's one reading passage is sent once, named by its four questions.
    expect(attempt.passages).toHaveLength(1);
    expect(attempt.questions.filter((q) => q.passageId === 0)).toHaveLength(4);
    expect(attempt.questions.every((q) => q.passage === null)).toBe(true);
    // A reload later: same questions, same option order, the time still running.
    at(20);
    const again = (await start(me)).json as ExamAttempt;
    expect(again.questions).toEqual(attempt.questions);
    expect(again.remainingMs).toBe(35 * MIN);
    const rows = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, me._id));
    expect(rows).toHaveLength(1);
    // One deadline job, due at deadline + grace.
    const queued = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `exam-attempt:${attempt.testId}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime()).toBe(Date.parse(attempt.deadline) + EXAM_GRACE_MS);
  });

  it('shuffles question order per attempt', async () => {
    at(10);
    const orders = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const attempt = (await start(await learner())).json as ExamAttempt;
      orders.add(attempt.questions.map((q) => q._id).join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('takes answers one by one with no way back, and never doubles one', async () => {
    at(10);
    const me = await learner();
    const attempt = (await start(me)).json as ExamAttempt;
    const first = right(attempt, 0);
    const saved = await put(me, attempt.testId, { answers: [first] });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.answered).toBe(1);

    const ahead = await put(me, attempt.testId, { answers: [right(attempt, 2)] });
    expect(ahead.status).toBe(409);
    expect(ahead.json.error.message).toBe(messages.exam.notReached);

    const changed = await put(me, attempt.testId, { answers: [wrong(attempt, 0)] });
    expect(changed.status).toBe(409);
    expect(changed.json.error.message).toBe(messages.exam.alreadyAnswered);

    const otherQuestion = await put(me, attempt.testId, {
      answers: [{ ...right(attempt, 1), question: attempt.questions[3]!._id }],
    });
    expect(otherQuestion.status).toBe(409);

    // The same answer again (a queue flushed twice) is accepted and not doubled.
    const retry = await put(me, attempt.testId, { answers: [first, right(attempt, 1)] });
    expect(retry.status, retry.body).toBe(200);
    expect(retry.json.answered).toBe(2);
    const rows = await ctx.database.db
      .select()
      .from(examAnswers)
      .where(eq(examAnswers.attemptId, attempt.testId));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1]);
    expect(rows.every((r) => r.isCorrect)).toBe(true);

    const malformed = await put(me, attempt.testId, {
      answers: [{ ...right(attempt, 2), answerIndex: [40] }],
    });
    expect(malformed.status).toBe(400);
  });

  it("refuses another learner's attempt as an unknown one", async () => {
    at(10);
    const me = await learner();
    const other = await learner();
    const attempt = (await start(me)).json as ExamAttempt;
    expect((await put(other, attempt.testId, { answers: [right(attempt, 0)] })).status).toBe(404);
    expect((await sync(other, attempt.testId, 100)).status).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/api/examtype1/${attempt.testId}`, { token: other.token })).status,
    ).toBe(404);
    const rows = await ctx.database.db
      .select()
      .from(examAnswers)
      .where(eq(examAnswers.attemptId, attempt.testId));
    expect(rows).toEqual([]);
  });

  it("refuses another group's exam and another semester's", async () => {
    at(10);
    const db = ctx.database.db;
    const otherGroup = await makeExamGroup(db, {
      companyId,
      poolId: DEMO_POOLS.open,
      begin: START,
      end: null,
    });
    const outsider = await learner({ memberOf: [otherGroup] });
    const res = await start(outsider);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(messages.exam.notYours);

    const semester2 = await makeExamGroup(db, {
      companyId,
      poolId: POOL,
      begin: START,
      end: null,
      semester: 2,
    });
    const wrongSemester = await learner({ memberOf: [semester2] });
    expect((await start(wrongSemester)).status).toBe(403);
  });

  it('answers the server remaining time to the timer sync', async () => {
    at(10);
    const me = await learner();
    const attempt = (await start(me)).json as ExamAttempt;
    at(25);
    const res = await sync(me, attempt.testId, 9999);
    expect(res.status, res.body).toBe(200);
    expect(res.json.remainingMs).toBe(30 * MIN);
    expect(res.json.serverNow).toBe(new Date(START.getTime() + 25 * MIN).toISOString());
  });

  it("gives extra time to a learner with additionalTime, past the exam's closing time", async () => {
    at(10);
    const me = await learner({ additionalTime: 30 });
    const attempt = (await start(me)).json as ExamAttempt;
    expect(Date.parse(attempt.deadline)).toBe(START.getTime() + 10 * MIN + 75 * MIN);
    expect(attempt.extraMinutes).toBe(30);
    // The exam closes at +240 min; 10 minutes later it is still open for a learner with 30 more.
    at(250);
    expect((await start(await learner())).json.error.code).toBe('EXAM_CLOSED');
    const late = await start(await learner({ additionalTime: 30 }));
    expect(late.status, late.body).toBe(200);
    expect(Date.parse(late.json.deadline)).toBe(START.getTime() + 270 * MIN);
  });

  it('refuses answers after deadline + grace and sends the attempt with what it had', async () => {
    at(10);
    const me = await learner();
    const attempt = (await start(me)).json as ExamAttempt;
    await put(me, attempt.testId, { answers: [right(attempt, 0)] });
    // Within the grace minute an answer still counts…
    ctx.clock.set(new Date(Date.parse(attempt.deadline) + 59_000));
    expect((await put(me, attempt.testId, { answers: [right(attempt, 1)] })).status).toBe(200);
    // …after it, nothing does.
    ctx.clock.set(new Date(Date.parse(attempt.deadline) + EXAM_GRACE_MS + 1));
    const late = await put(me, attempt.testId, { answers: [right(attempt, 2)] });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('EXAM_TIME_UP');
    const status = await call(ctx.app, 'GET', `/api/examtype1/${attempt.testId}`, { token: me.token });
    expect(status.json.answered).toBe(2);
    expect(status.json.finishedBy).toBe('deadline');
    expect(status.json.finishedAt).toBe(attempt.deadline);
    expect(status.json.examScores).toEqual(scoreAttempt(2, 16));
  });

  it('finishes an attempt left open by the deadline job, scored as if the learner had sent it', async () => {
    at(10);
    const leaver = await learner();
    const sender = await learner();
    const left = (await start(leaver)).json as ExamAttempt;
    const sent = (await start(sender)).json as ExamAttempt;
    const answers = (attempt: ExamAttempt) => [right(attempt, 0), wrong(attempt, 1), right(attempt, 2)];
    expect((await put(leaver, left.testId, { answers: answers(left) })).status).toBe(200);
    const byLearner = await put(sender, sent.testId, {
      answers: answers(sent),
      isFinished: true,
      time: 1800,
    });
    expect(byLearner.json.finishedBy).toBe('learner');

    ctx.clock.set(new Date(Date.parse(left.deadline) + EXAM_GRACE_MS + 1_000));
    await ctx.app.jobs.runDue(100);
    const [row] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.id, left.testId));
    expect(row!.finishedBy).toBe('deadline');
    expect(row!.finishedAt?.toISOString()).toBe(left.deadline);
    expect(row!.scores).toEqual(byLearner.json.examScores);
    expect(row!.scores).toEqual(scoreAttempt(2, 16));
  });

  it('sends the exam when the learner does, then refuses new answers but accepts a known one', async () => {
    at(10);
    const me = await learner();
    const attempt = (await start(me)).json as ExamAttempt;
    const all = attempt.questions.map((_, i) => right(attempt, i));
    const res = await put(me, attempt.testId, { answers: all, isFinished: true, time: 600 });
    expect(res.status, res.body).toBe(200);
    expect(res.json.examScores).toEqual({ correct: 16, total: 16, percent: 100, outOf20: 20 });
    expect(res.json.finishedAt).toBe(new Date(START.getTime() + 10 * MIN).toISOString());
    expect((await put(me, attempt.testId, { answers: [all[15]] })).status).toBe(200);
    const changed = await put(me, attempt.testId, { answers: [wrong(attempt, 15)] });
    expect(changed.status).toBe(409);
    expect(changed.json.error.message).toBe(messages.exam.alreadySent);
    // Resuming a sent exam shows its result and no questions.
    const resumed = (await start(me)).json as ExamAttempt;
    expect(resumed.finishedAt).not.toBeNull();
    expect(resumed.questions).toEqual([]);
    // The learner's results list it; another learner cannot read it.
    const list = await call(ctx.app, 'GET', `/api/examtype1/user/${me._id}`, { token: me.token });
    expect(list.json.map((a: { testId: string }) => a.testId)).toEqual([attempt.testId]);
    expect(list.json[0].name).toBe('Semester 1 exam: foundations of medical English');
    const other = await learner();
    expect(
      (await call(ctx.app, 'GET', `/api/examtype1/user/${me._id}/${POOL}`, { token: other.token })).status,
    ).toBe(403);
    const mine = await call(ctx.app, 'GET', `/api/examtype1/user/${me._id}/${POOL}`, { token: me.token });
    expect(mine.json.examScores.outOf20).toBe(20);
    const lookup = await call(ctx.app, 'POST', '/api/examtype1/exam', {
      token: me.token,
      body: { userId: me._id, poolId: POOL },
    });
    expect(lookup.json.testId).toBe(attempt.testId);
  });

  it('refuses to start after the exam has closed', async () => {
    at(241);
    const res = await start(await learner());
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(messages.exam.closed);
  });

  it("tells the exam's duration to anyone signed in, and shows its questions to staff only, without keys", async () => {
    const me = await learner();
    const summary = await call(ctx.app, 'GET', `/api/qpool/${POOL}`, { token: me.token });
    expect(summary.json).toEqual({
      poolId: POOL,
      name: 'Semester 1 exam: foundations of medical English',
      durationMinutes: 45,
      questionCount: 16,
    });
    expect((await call(ctx.app, 'GET', `/api/qpool/questions/${POOL}`, { token: me.token })).status).toBe(
      403,
    );
    const teacher = await makeUser(ctx.database.db, { companyId, role: 'teacher', teaches: [groupId] });
    const staff = await login(ctx.app, teacher.email, FACTORY_PASSWORD);
    const questions = await call(ctx.app, 'GET', `/api/qpool/questions/${POOL}`, { token: staff.token });
    expect(questions.status).toBe(200);
    expect(questions.json).toHaveLength(16);
    expect(questions.body).not.toMatch(/"correct"/);
    expect((await call(ctx.app, 'GET', '/api/qpool/no-such-pool', { token: me.token })).status).toBe(404);
  });

  it("shows a pool's questions only to the staff of a group whose exam draws on it (decision 0037)", async () => {
    const db = ctx.database.db;
    const otherGroup = await makeExamGroup(db, {
      companyId,
      poolId: DEMO_POOLS.open,
      begin: START,
      end: new Date(START.getTime() + 4 * 60 * MIN),
    });
    const otherCompany = await makeCompany(db);
    const as = async (options: Parameters<typeof makeUser>[1]) =>
      (await login(ctx.app, (await makeUser(db, options)).email, FACTORY_PASSWORD)).token;
    const questionsOf = async (token: string, pool: string = POOL) =>
      (await call(ctx.app, 'GET', `/api/qpool/questions/${pool}`, { token })).status;

    // A teacher of the group whose exam uses the pool reads it; a teacher of another group of the
    // same school does not — nor of a group whose exam draws on another pool.
    const teacherOfExam = await as({ companyId, role: 'teacher', teaches: [groupId] });
    const teacherOfOther = await as({ companyId, role: 'teacher', teaches: [otherGroup] });
    expect(await questionsOf(teacherOfExam)).toBe(200);
    expect(await questionsOf(teacherOfOther)).toBe(403);
    expect(await questionsOf(teacherOfOther, DEMO_POOLS.open)).toBe(200);
    expect(await questionsOf(teacherOfExam, DEMO_POOLS.open)).toBe(403);
    // The school's manager reads its groups' pools; another school's manager, a teacher of no
    // group and a learner of the group do not; an admin reads any.
    expect(await questionsOf(await as({ companyId, role: 'manager' }))).toBe(200);
    expect(await questionsOf(await as({ companyId: otherCompany, role: 'manager' }))).toBe(403);
    expect(await questionsOf(await as({ companyId, role: 'teacher' }))).toBe(403);
    expect(await questionsOf((await learner()).token)).toBe(403);
    expect(await questionsOf((await login(ctx.app, 'admin.demo@medenglish.example')).token)).toBe(200);
    // A pool no group's exam uses is refused to staff alike (and unknown to an admin).
    expect(await questionsOf(teacherOfExam, 'no-such-pool')).toBe(403);
    expect(
      await questionsOf((await login(ctx.app, 'admin.demo@medenglish.example')).token, 'no-such-pool'),
    ).toBe(404);
  });

  it("seeds the demo learner's finished exam with its result", async () => {
    const camille = await login(ctx.app, 'etudiant.demo@demo-univ.fr');
    const res = await call(ctx.app, 'GET', `/api/examtype1/user/${camille._id}/${DEMO_POOLS.finished}`, {
      token: camille.token,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.finishedBy).toBe('learner');
    expect(res.json.answered).toBe(16);
    expect(res.json.examScores.total).toBe(16);
    expect(res.json.examScores.correct).toBeGreaterThan(8);
  });
});

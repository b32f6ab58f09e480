import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  acceptsAnswers,
  attemptDeadline,
  currentLanguage,
  EXAM_GRACE_MS,
  ErrorCode,
  examDisplay,
  extraMinutes,
  isWellFormedAnswer,
  messages,
  remainingMs,
  type ExamAnswerInput,
  type ExamAttempt,
  type ExamAttemptStatus,
  type ExamResult,
} from '@medenglish/shared';
import type { Executor, Tx } from '../../db/client.js';
import { examAnswers, examAttempts, jobs, placementModels, questionPools } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isCorrectAnswer } from '../questions/index.js';
import { buildLayout, presentInSlot, toPoolIndexes } from './attempt-layout.js';
import { learnersExam, matchesQuiz, type ExamContext } from './exam-context.js';
import { scoreAttempt } from './exam-scores.js';
import { cachedPool, type LoadedPool } from './pool-cache.js';

type AttemptRow = typeof examAttempts.$inferSelect;
type AnswerRow = typeof examAnswers.$inferSelect;

/** The job that sends an attempt its learner left open (issue 12), due at deadline + grace. */
export const EXAM_FINISH_JOB = 'exam.finish';

const conflict = (code: ErrorCode, message: string) => new AppError(code, message);

async function requirePool(db: Deps['db'], poolId: string): Promise<LoadedPool> {
  const pool = await cachedPool(db, poolId);
  if (!pool) throw notFound(messages.exam.unknownPool);
  return pool;
}

function statusOf(attempt: AttemptRow, answered: number, now: Date): ExamAttemptStatus {
  return {
    testId: attempt.id,
    poolId: attempt.poolId,
    groupId: attempt.groupId,
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    remainingMs: attempt.finishedAt ? 0 : remainingMs(attempt.deadlineAt.getTime(), now.getTime()),
    answered,
    total: attempt.layout.length,
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    finishedBy: attempt.finishedBy ?? null,
    examScores: attempt.scores ?? null,
  };
}

async function answersOf(db: Executor, attemptId: string): Promise<AnswerRow[]> {
  return db
    .select()
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, attemptId))
    .orderBy(asc(examAnswers.position));
}

/**
 * Sends the attempt: scores from the answers saved, every question of the attempt counting (an
 * unanswered one as wrong), whoever sends it. Sent by the deadline job, it is dated at the
 * deadline — when the time was up — not when the job happened to run. At most once.
 */
async function finishAttempt(tx: Tx, attempt: AttemptRow, by: 'learner' | 'timer' | 'deadline', now: Date) {
  const [row] = await tx
    .select({ correct: count() })
    .from(examAnswers)
    .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.isCorrect, true)));
  const finishedAt = by === 'deadline' && attempt.deadlineAt < now ? attempt.deadlineAt : now;
  const [finished] = await tx
    .update(examAttempts)
    .set({ finishedAt, finishedBy: by, scores: scoreAttempt(row?.correct ?? 0, attempt.layout.length) })
    .where(and(eq(examAttempts.id, attempt.id), isNull(examAttempts.finishedAt)))
    .returning();
  return finished ?? attempt;
}

/** An attempt whose deadline and grace have passed is sent now, by whichever request sees it first. */
async function finishIfDue(deps: Deps, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.finishedAt || acceptsAnswers(attempt.deadlineAt.getTime(), now.getTime())) return attempt;
  return inTransaction(deps.db, async (tx) => {
    const [locked] = await tx
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, attempt.id))
      .for('update');
    if (!locked || locked.finishedAt) return locked ?? attempt;
    return finishAttempt(tx, locked, 'deadline', now);
  });
}

/**
 * The exam's intro texts: the placement model's part descriptions, in the interface's language.
 * They change only with content loaded at a start: read once a minute per database.
 */
const descriptionsCache = new WeakMap<
  Deps['db'],
  { at: number; model: Promise<typeof placementModels.$inferSelect | null> }
>();
async function partDescriptions(deps: Deps) {
  let hit = descriptionsCache.get(deps.db);
  if (!hit || Date.now() - hit.at > 60_000) {
    hit = {
      at: Date.now(),
      model: deps.db
        .select()
        .from(placementModels)
        .limit(1)
        .then((rows) => rows[0] ?? null),
    };
    descriptionsCache.set(deps.db, hit);
  }
  const model = await hit.model.catch(() => null);
  const texts = model ? (model.descriptionTranslations[currentLanguage()] ?? model) : null;
  return {
    descriptionKN: texts?.descriptionKN ?? '',
    descriptionRC: texts?.descriptionRC ?? '',
    descriptionOC: texts?.descriptionOC ?? '',
  };
}

async function present(
  deps: Deps,
  attempt: AttemptRow,
  pool: LoadedPool,
  extra: number,
  fresh: boolean,
): Promise<ExamAttempt> {
  const now = deps.clock.now();
  // An attempt created by this very request has no answers to read.
  const answers = fresh ? [] : await answersOf(deps.db, attempt.id);
  const passages: { title: string; text: string }[] = [];
  const passageIndex = new Map<string, number>();
  const passageIdOf = (passage: { title: string; text: string } | null) => {
    if (!passage) return null;
    const key = `${passage.title}\u0000${passage.text}`;
    let index = passageIndex.get(key);
    if (index === undefined) {
      index = passages.push(passage) - 1;
      passageIndex.set(key, index);
    }
    return index;
  };
  const questions = attempt.finishedAt
    ? []
    : attempt.layout.flatMap((slot) => {
        const q = pool.byId.get(slot.question);
        if (!q) return [];
        const shown = {
          _id: q.id,
          name: q.name,
          type: q.type,
          category: q.category,
          level: q.level,
          subcategory: q.subcategory,
          media: null,
          passage: null,
          passageId: passageIdOf(q.passage ?? null),
        };
        return [presentInSlot(shown, q.answers, slot)];
      });
  return {
    ...statusOf(attempt, answers.length, now),
    name: pool.pool.name,
    durationMinutes: pool.pool.durationMinutes,
    extraMinutes: extra,
    ...(await partDescriptions(deps)),
    questions,
    passages,
    answers: answers.map((a) => ({
      position: a.position,
      question: a.questionId,
      answerIndex: a.shownIndex,
      created_at: a.receivedAt.toISOString(),
    })),
  };
}

/**
 * POST /examtype1/init/{activityId}: the learner's attempt at the exam, started on the first
 * call — only while the exam is open for them — and the same attempt on every call after (a
 * reload, another device, two tabs at once), with the time still running.
 */
export async function startOrResume(
  deps: Deps,
  userId: string,
  poolId: string,
  groupId: string | undefined,
): Promise<ExamAttempt> {
  const pool = await requirePool(deps.db, poolId);
  const context = await learnersExam(deps.db, userId, matchesQuiz(poolId), groupId);
  const extra = extraMinutes(context.learner);
  const mine = and(
    eq(examAttempts.userId, userId),
    eq(examAttempts.groupId, context.groupId),
    eq(examAttempts.poolId, poolId),
  );
  const now = deps.clock.now();
  const display = examDisplay(context.exam, extra, now.getTime());
  let attempt: AttemptRow | undefined;
  let fresh = false;
  if (display === 'in-progress') {
    attempt = await createAttempt(deps, {
      userId,
      groupId: context.groupId,
      pool,
      extra,
      exam: context.exam,
      now,
    });
    fresh = attempt !== undefined;
  }
  // Already started (a reload, another device, a second tab), or no longer startable.
  attempt ??= (await deps.db.select().from(examAttempts).where(mine))[0];
  if (!attempt) {
    if (display === 'finished') throw conflict(ErrorCode.EXAM_CLOSED, messages.exam.closed);
    throw conflict(ErrorCode.EXAM_NOT_OPEN, messages.exam.notOpen);
  }
  attempt = await finishIfDue(deps, attempt, now);
  return present(deps, attempt, pool, extra, fresh);
}

/**
 * A new attempt and its deadline job (decision 0014: the job exists only if the attempt does) in
 * one statement rather than a transaction of four round trips: at an exam's start every candidate
 * arrives within seconds. Two tabs starting at once: the unique index keeps one attempt, and only
 * the statement that created it schedules the job. Undefined when the attempt already existed.
 */
async function createAttempt(
  deps: Deps,
  input: {
    userId: string;
    groupId: string;
    pool: LoadedPool;
    extra: number;
    exam: ExamContext['exam'];
    now: Date;
  },
): Promise<AttemptRow | undefined> {
  const { userId, groupId, pool, now } = input;
  const layout = buildLayout(
    pool.questions,
    { shuffle: pool.pool.shuffle, drawCount: pool.pool.drawCount },
    (n) => randomInt(n),
  );
  const deadline = new Date(
    attemptDeadline(now.getTime(), pool.pool.durationMinutes, input.extra, input.exam),
  );
  const runAt = new Date(deadline.getTime() + EXAM_GRACE_MS);
  const result = (await deps.db.execute(sql`
    WITH created AS (
      INSERT INTO ${examAttempts} (user_id, group_id, pool_id, started_at, deadline_at, layout)
      VALUES (${userId}, ${groupId}, ${pool.pool.id}, ${now.toISOString()}, ${deadline.toISOString()}, ${JSON.stringify(layout)}::jsonb)
      ON CONFLICT DO NOTHING
      RETURNING id, created_at
    ), scheduled AS (
      INSERT INTO ${jobs} (name, payload, run_at, singleton_key)
      SELECT ${EXAM_FINISH_JOB}, jsonb_build_object('attemptId', id), ${runAt.toISOString()}::timestamptz,
             'exam-attempt:' || id
      FROM created
    )
    SELECT id FROM created`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  return {
    id,
    userId,
    groupId,
    poolId: pool.pool.id,
    startedAt: now,
    deadlineAt: deadline,
    layout,
    finishedAt: null,
    finishedBy: null,
    scores: null,
    lastSyncAt: null,
    lastClientTimer: null,
    createdAt: now,
  };
}

function sameAnswer(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

type SaveOutcome = { status: ExamAttemptStatus } | { timeUp: true };

/**
 * PUT /examtype1/{testId}: the answers not saved yet, in order, and `isFinished` to send the exam.
 * All or none. One question at a time and no way back (SPEC §4), enforced here: a new answer must
 * be for the next position; an answer already saved is accepted again only unchanged (a queue
 * flushed twice, two tabs), so nothing is lost or doubled. After deadline + grace nothing counts:
 * the attempt is sent with what it has and the call refused.
 */
export async function saveExamAnswers(
  deps: Deps,
  userId: string,
  testId: string,
  inputs: ExamAnswerInput[],
  finish: { isFinished: boolean; time: number | undefined },
): Promise<ExamAttemptStatus> {
  // Read outside the transaction: with one connection (PGlite) a query on deps.db inside it would
  // wait for itself. The pool never changes hands; the attempt's owner is checked under the lock.
  const [head] = await deps.db
    .select({ poolId: examAttempts.poolId })
    .from(examAttempts)
    .where(and(eq(examAttempts.id, testId), eq(examAttempts.userId, userId)));
  if (!head) throw notFound(errorMissingExam());
  const pool = await requirePool(deps.db, head.poolId);

  const outcome: SaveOutcome = await inTransaction(deps.db, async (tx) => {
    // The row lock serialises two tabs' saves of one attempt: each sees the other's answers.
    const [attempt] = await tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, testId), eq(examAttempts.userId, userId)))
      .for('update');
    if (!attempt) throw notFound(errorMissingExam());
    const saved = await answersOf(tx, testId);
    const now = deps.clock.now();
    const ordered = [...inputs].sort((a, b) => a.position - b.position);

    if (attempt.finishedAt) {
      // A retry of answers the server already has is fine; anything new is too late.
      const known = ordered.every((input) => {
        const previous = saved[input.position];
        return previous?.questionId === input.question && sameAnswer(previous.shownIndex, input.answerIndex);
      });
      if (known) return { status: statusOf(attempt, saved.length, now) };
      throw conflict(ErrorCode.CONFLICT, messages.exam.alreadySent);
    }
    if (!acceptsAnswers(attempt.deadlineAt.getTime(), now.getTime())) {
      await finishAttempt(tx, attempt, 'deadline', now);
      return { timeUp: true };
    }

    let answered = saved.length;
    const fresh: (typeof examAnswers.$inferInsert)[] = [];
    for (const input of ordered) {
      const slot = attempt.layout[input.position];
      if (!slot) throw new AppError(ErrorCode.VALIDATION, messages.exam.invalidAnswer);
      if (slot.question !== input.question) throw conflict(ErrorCode.CONFLICT, messages.exam.wrongQuestion);
      if (input.position < answered) {
        const previous = saved[input.position] ?? fresh[input.position - saved.length];
        if (!previous || !sameAnswer(previous.shownIndex as number[], input.answerIndex))
          throw conflict(ErrorCode.CONFLICT, messages.exam.alreadyAnswered);
        continue;
      }
      if (input.position > answered) throw conflict(ErrorCode.CONFLICT, messages.exam.notReached);
      const question = pool.byId.get(slot.question);
      const original = toPoolIndexes(slot, input.answerIndex);
      if (!question || !original || !isWellFormedAnswer(question, original))
        throw new AppError(ErrorCode.VALIDATION, messages.exam.invalidAnswer);
      const claimed = input.answeredAt ? new Date(input.answeredAt) : null;
      fresh.push({
        attemptId: testId,
        position: input.position,
        questionId: slot.question,
        shownIndex: input.answerIndex,
        answerIndex: original,
        isCorrect: isCorrectAnswer(question, original),
        receivedAt: now,
        answeredAt: claimed && !Number.isNaN(claimed.getTime()) ? claimed : null,
      });
      answered += 1;
    }
    if (fresh.length > 0) await tx.insert(examAnswers).values(fresh);
    let current = attempt;
    if (finish.isFinished) {
      const by = finish.time !== undefined && finish.time <= 0 ? 'timer' : 'learner';
      current = await finishAttempt(tx, attempt, by, now);
    }
    return { status: statusOf(current, answered, now) };
  });
  if ('timeUp' in outcome) throw conflict(ErrorCode.EXAM_TIME_UP, messages.exam.timeUp);
  return outcome.status;
}

const errorMissingExam = () => messages.exam.unknownPool;

/**
 * PUT /examtype1/data/{testId}: the browser's timer report (every 15 s), answered with the
 * server's remaining time. One statement — 5,000 candidates sync 333 times a second — that checks
 * the owner too (inStatement in the route).
 */
export async function syncTimer(
  deps: Deps,
  userId: string,
  testId: string,
  timer: number | undefined,
): Promise<ExamAttemptStatus> {
  const now = deps.clock.now();
  const clientTimer = timer === undefined || !Number.isFinite(timer) ? null : Math.round(timer);
  const [attempt] = await deps.db
    .update(examAttempts)
    .set({ lastSyncAt: now, lastClientTimer: clientTimer })
    .where(and(eq(examAttempts.id, testId), eq(examAttempts.userId, userId)))
    .returning();
  if (!attempt) throw notFound(errorMissingExam());
  const current = await finishIfDue(deps, attempt, now);
  const [row] = await deps.db
    .select({ n: count() })
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, testId));
  return statusOf(current, row?.n ?? 0, now);
}

async function statusWithCount(deps: Deps, attempt: AttemptRow): Promise<ExamAttemptStatus> {
  const now = deps.clock.now();
  const current = await finishIfDue(deps, attempt, now);
  const [row] = await deps.db
    .select({ n: count() })
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, attempt.id));
  return statusOf(current, row?.n ?? 0, now);
}

/** GET /examtype1/{id}: the learner's own attempt (the route checks it is theirs). */
export async function attemptStatus(deps: Deps, testId: string): Promise<ExamAttemptStatus> {
  const [attempt] = await deps.db.select().from(examAttempts).where(eq(examAttempts.id, testId));
  if (!attempt) throw notFound(errorMissingExam());
  return statusWithCount(deps, attempt);
}

/** GET /examtype1/user/{userId}/{poolId}, POST /examtype1/exam: the learner's latest attempt at a pool. */
export async function learnersAttempt(
  deps: Deps,
  userId: string,
  poolId: string,
): Promise<ExamAttemptStatus> {
  const [attempt] = await deps.db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), eq(examAttempts.poolId, poolId)))
    .orderBy(desc(examAttempts.startedAt))
    .limit(1);
  if (!attempt) throw notFound(errorMissingExam());
  return statusWithCount(deps, attempt);
}

/** GET /examtype1/user/{userId}: every attempt of the learner, newest first (results page). */
export async function learnersAttempts(deps: Deps, userId: string): Promise<ExamResult[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      attempt: examAttempts,
      name: questionPools.name,
      answered: sql<number>`(select count(*)::int from ${examAnswers} where ${examAnswers.attemptId} = ${examAttempts.id})`,
    })
    .from(examAttempts)
    .innerJoin(questionPools, eq(questionPools.id, examAttempts.poolId))
    .where(eq(examAttempts.userId, userId))
    .orderBy(desc(examAttempts.startedAt));
  return rows.map((r) => ({ ...statusOf(r.attempt, r.answered, now), name: r.name }));
}

/** Whether the attempt is the caller's (the access policy's objectOf). */
export async function isOwnAttempt(db: Executor, testId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: examAttempts.userId })
    .from(examAttempts)
    .where(eq(examAttempts.id, testId));
  return row?.userId === userId;
}

/**
 * The deadline job: sends an attempt still open at deadline + grace with the answers it has — the
 * same scores as if the learner had sent it. Idempotent (finishAttempt updates an open attempt only).
 */
export async function finishByDeadline(deps: Pick<Deps, 'db' | 'clock'>, attemptId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const [attempt] = await tx
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, attemptId))
      .for('update');
    if (!attempt || attempt.finishedAt) return;
    await finishAttempt(tx, attempt, 'deadline', deps.clock.now());
  });
}

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  currentLanguage,
  AUDIO_MAX_PLAYS,
  ErrorCode,
  errorCatalogue,
  groupLevelFromScore,
  isWellFormedAnswer,
  levelFromScore,
  LOGIN_BLOCKED_ANSWERS,
  messages,
  type AnswerInput,
  type AnswerRecord,
  type PlacementProgress,
  type PlacementTest,
} from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import {
  companies,
  placementAnswers,
  placementTests,
  users,
  type PartDescriptions,
} from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../deps.js';
import { associateByLevel } from '../groups/index.js';
import { isCorrectAnswer } from '../questions/index.js';
import { loadModel, presentQuestion, type LoadedModel } from './question-bank.js';
import { inTransaction } from '../../db/transactions.js';
import {
  answeredOf,
  nextQuestion,
  partMaxima,
  partProgress,
  totalQuestions,
  withPretest,
} from './adaptive-test.js';
import { scoreAnswers } from './irt/score.js';
import { bankOrder, displayOrder, toBankIndexes, toShownIndexes } from './option-order.js';
import { precisionOf } from './precision.js';

type TestRow = typeof placementTests.$inferSelect;
type AnswerRow = Pick<
  typeof placementAnswers.$inferSelect,
  'questionId' | 'answerIndex' | 'fakeIndex' | 'isCorrect' | 'sequence' | 'createdAt' | 'pretest'
>;
type QuestionRow = LoadedModel['questions'][number];

/** The order a test shows a question's options in: drawn per test since issue 33 (design 2). */
function orderOf(test: { id: string; design: number }, question: QuestionRow): number[] {
  return withPretest(test.design)
    ? displayOrder(test.id, { ...question, id: question.id })
    : bankOrder(question);
}

const present = (test: { id: string; design: number }, question: QuestionRow) =>
  presentQuestion(question, orderOf(test, question));

const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);

/**
 * An answer as its learner's browser sees it: indices as the options were shown (answers are
 * stored with the bank's indices, which calibration and staff read).
 */
function presentAnswer(test: { id: string; design: number }, model: LoadedModel, a: AnswerRow): AnswerRecord {
  const question = model.byId.get(a.questionId);
  const order = question ? orderOf(test, question) : null;
  const shown = (indices: number[]) => (order ? toShownIndexes(order, indices) : indices);
  return {
    question: a.questionId,
    answerIndex: shown(a.answerIndex),
    fakeIndex: a.fakeIndex ? shown(a.fakeIndex) : null,
    created_at: a.createdAt.toISOString(),
  };
}

function resultOf(test: TestRow) {
  const s = test.scores;
  return {
    testFinish: test.finishedAt !== null,
    scores: s
      ? { scoreKN: s.scoreKN ?? 0, scoreRC: s.scoreRC ?? 0, scoreOC: s.scoreOC ?? 0, total: s.total ?? 0 }
      : null,
    level: test.level,
  };
}

/**
 * The test's answers in the order they were given: by their sequence number (answers saved
 * before it existed: by time, then bank order, which was the order they were asked in).
 */
async function answersOf(db: Executor, testId: string, model: LoadedModel): Promise<AnswerRow[]> {
  const rows = await db
    .select({
      questionId: placementAnswers.questionId,
      answerIndex: placementAnswers.answerIndex,
      fakeIndex: placementAnswers.fakeIndex,
      isCorrect: placementAnswers.isCorrect,
      sequence: placementAnswers.sequence,
      createdAt: placementAnswers.createdAt,
      pretest: placementAnswers.pretest,
    })
    .from(placementAnswers)
    .where(eq(placementAnswers.testId, testId));
  const position = (a: AnswerRow) => model.byId.get(a.questionId)?.position ?? Number.MAX_SAFE_INTEGER;
  // Older answers come first: a test begun before sequences numbers its new answers after them.
  return rows.sort(
    (a, b) =>
      (a.sequence ?? 0) - (b.sequence ?? 0) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      position(a) - position(b),
  );
}

async function requireModel(deps: Deps, modelId: string): Promise<LoadedModel> {
  const model = await loadModel(deps.db, modelId);
  if (!model) throw notFound(errorCatalogue.missingTest.message);
  return model;
}

/**
 * POST /test/init/{testModelId}: the learner's test in progress, created on first call. A reload,
 * a logout or another device gets the same test with the answers given so far (SPEC §4
 * resumption); a finished test comes back with its scores.
 */
export async function initPlacementTest(
  deps: Deps,
  userId: string,
  modelId: string,
  type: string | undefined,
): Promise<PlacementTest> {
  const model = await requireModel(deps, modelId);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const exempt = deps.config.placementExemptCompanies.includes(user.companyId);

  const [latest] = await deps.db
    .select()
    .from(placementTests)
    .where(and(eq(placementTests.userId, userId), eq(placementTests.testModelId, modelId)))
    .orderBy(desc(placementTests.createdAt))
    .limit(1);
  let test = latest;
  if (!test) {
    if (!user.placementtest || exempt || user.testFinish) throw conflict(messages.placement.notRequired);
    // Two tabs starting at the same moment: the partial unique index keeps one open test.
    await deps.db
      .insert(placementTests)
      .values({ userId, testModelId: modelId, type: type ?? null })
      .onConflictDoNothing();
    [test] = await deps.db
      .select()
      .from(placementTests)
      .where(and(eq(placementTests.userId, userId), isNull(placementTests.finishedAt)));
  }
  if (!test) throw notFound(errorCatalogue.missingTest.message);
  const answers = await answersOf(deps.db, test.id, model);
  const answered = answeredOf(model, answers);
  // The questions asked so far, in the order asked, then the next one (the order is adaptive).
  const asked = answered.map((a) => model.byId.get(a.id)!);
  const next = test.finishedAt ? null : nextQuestion(model, test, answered);
  const shownTest = test;
  return {
    testId: test.id,
    testModelId: modelId,
    // The intro texts in the interface's language when the bank has them, else the test's own.
    ...partDescriptions(model.model),
    questions: [...asked, ...(next ? [next.question] : [])].map((q) => present(shownTest, q)),
    answers: answers.map((a) => presentAnswer(shownTest, model, a)),
    total: test.finishedAt ? answered.length : totalQuestions(model, test.design, answered),
    parts: partMaxima(model, test.design),
    progress: test.finishedAt ? null : partProgress(model, test.design, answered),
    audioPlays: test.audioPlays,
    ...resultOf(test),
  };
}

function partDescriptions(model: LoadedModel['model']): PartDescriptions {
  const { descriptionKN, descriptionRC, descriptionOC } = model;
  return model.descriptionTranslations[currentLanguage()] ?? { descriptionKN, descriptionRC, descriptionOC };
}

function sameAnswer(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * PUT /test/{testId}: saves the answers not saved yet, all or none. The web app sends every
 * answer so far (SPEC §4), so an answer already saved identically is accepted again; a different
 * answer to an answered question, an unknown question or a malformed answer is refused. The last
 * answer finishes the test: scores, level, and the group of that level in the learner's semester.
 */
export async function saveAnswers(
  deps: Deps,
  userId: string,
  testId: string,
  inputs: AnswerInput[],
): Promise<PlacementProgress> {
  // Read what the transaction needs before opening it: a query on deps.db inside the transaction
  // would wait for a second connection, and with a small pool (one for PGlite) wait for ever.
  // The test is the caller's: the route says so (ownPlacementTest), and a test never changes hands.
  const [head] = await deps.db
    .select({
      modelId: placementTests.testModelId,
      design: placementTests.design,
      semester: users.semester,
      companyId: users.companyId,
      loginBlocked: companies.loginBlocked,
    })
    .from(placementTests)
    .innerJoin(users, eq(users.id, placementTests.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(placementTests.id, testId));
  if (!head) throw notFound(errorCatalogue.missingTest.message);
  const model = await requireModel(deps, head.modelId);
  for (const input of inputs) {
    const question = model.byId.get(input.question);
    if (!question) throw new AppError(ErrorCode.VALIDATION, messages.placement.unknownQuestion);
    if (!isWellFormedAnswer(question, input.answerIndex)) {
      throw new AppError(ErrorCode.VALIDATION, messages.placement.invalidAnswer);
    }
  }
  // The browser answers with the options' indices as shown; the key and the stored answers use
  // the bank's (option-order.ts). Well-formed answers are in range, so they always map.
  const test = { id: testId, design: head.design };
  const toBank = (question: QuestionRow, shown: readonly number[]) =>
    toBankIndexes(orderOf(test, question), shown) ?? [...shown];
  const mapped: AnswerInput[] = inputs.map((input) => {
    const question = model.byId.get(input.question)!;
    const fake = input.fakeIndex?.filter((i) => i < question.answers.length);
    return {
      question: input.question,
      answerIndex: toBank(question, input.answerIndex),
      fakeIndex: fake ? toBank(question, fake) : (input.fakeIndex ?? null),
    };
  });

  const outcome = await inTransaction(deps.db, async (tx) => {
    // The row lock serialises two submits of one test (two tabs): each sees the other's answers.
    const [test] = await tx.select().from(placementTests).where(eq(placementTests.id, testId)).for('update');
    if (!test) throw notFound(errorCatalogue.missingTest.message);
    if (test.finishedAt) throw conflict(messages.placement.finished);
    const saved = new Map((await answersOf(tx, testId, model)).map((a) => [a.questionId, a]));

    const fresh = new Map<string, AnswerInput & { pretest: boolean }>();
    for (const input of mapped) {
      const previous = saved.get(input.question) ?? fresh.get(input.question);
      if (previous) {
        if (!sameAnswer(previous.answerIndex, input.answerIndex))
          throw conflict(messages.placement.alreadyAnswered);
        continue;
      }
      fresh.set(input.question, { ...input, pretest: false });
    }
    // One question at a time (SPEC §4): each new answer must be to the question the adaptive
    // order asks next after the answers before it; none skips ahead or picks another.
    const answered = answeredOf(model, [...saved.values()]);
    for (const input of fresh.values()) {
      const expected = nextQuestion(model, test, answered);
      if (expected?.question.id !== input.question) throw conflict(messages.placement.notReached);
      input.pretest = expected.pretest;
      answered.push({
        id: input.question,
        correct: isCorrectAnswer(model.byId.get(input.question)!, input.answerIndex),
        pretest: expected.pretest,
      });
    }
    const now = deps.clock.now();
    if (fresh.size > 0) {
      await tx.insert(placementAnswers).values(
        [...fresh.values()].map((a, i) => ({
          testId,
          questionId: a.question,
          answerIndex: a.answerIndex,
          fakeIndex: a.fakeIndex ?? null,
          isCorrect: isCorrectAnswer(model.byId.get(a.question)!, a.answerIndex),
          pretest: a.pretest,
          sequence: saved.size + i + 1,
          createdAt: now,
        })),
      );
    }
    // Answers to questions since removed from the bank do not count towards the end.
    const next = nextQuestion(model, test, answered);
    const progressOf = (row: TestRow) => ({
      testId,
      answered: answered.length,
      total: row.finishedAt ? answered.length : totalQuestions(model, head.design, answered),
      next: next && !row.finishedAt ? present(test, next.question) : null,
      progress: row.finishedAt ? null : partProgress(model, head.design, answered),
      ...resultOf(row),
    });

    // SPEC §6: a loginBlocked company forces the logout once 60 answers exist (they stay saved).
    const blocked = head.loginBlocked && answered.length >= LOGIN_BLOCKED_ANSWERS;
    // Every session ends, not only this tab's: no refresh may keep the learner signed in.
    if (blocked) await deps.refreshTokens.revokeAllOf(tx, userId);
    if (next || blocked) return { blocked, progress: progressOf(test) };

    // The test is over: scores by item response theory (irt/score.ts), level and group.
    const { scoreKN, scoreRC, scoreOC, total, se, seWidened } = scoreAnswers(model.pool, answered);
    const scores = { scoreKN, scoreRC, scoreOC, total };
    const level = levelFromScore(scores.total).label;
    const [finished] = await tx
      .update(placementTests)
      .set({ finishedAt: now, scores: { ...scores, se, seWidened }, level })
      .where(eq(placementTests.id, testId))
      .returning();
    await tx.update(users).set({ testFinish: true, updatedAt: now }).where(eq(users.id, userId));
    await associateByLevel(tx, {
      companyId: head.companyId,
      userId,
      semester: head.semester,
      level: groupLevelFromScore(scores.total),
    });
    return { blocked: false, progress: progressOf(finished!) };
  });
  if (outcome.blocked) throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  return outcome.progress;
}

/**
 * Counts one play of an audio file of the learner's test (the route checks it is theirs:
 * ownPlacementTest); the third is refused (SPEC §9: at most twice), whatever the browser does,
 * since the count lives here.
 */
export async function recordAudioPlay(deps: Deps, testId: string, media: string) {
  const [test] = await deps.db.select().from(placementTests).where(eq(placementTests.id, testId));
  if (!test) throw notFound(errorCatalogue.missingTest.message);
  if (test.finishedAt) throw conflict(messages.placement.finished);
  const model = await requireModel(deps, test.testModelId);
  if (!model.audioFiles.has(media))
    throw new AppError(ErrorCode.VALIDATION, messages.placement.invalidAnswer);
  // One statement: two plays started at once cannot both pass the limit.
  const plays = sql`coalesce((${placementTests.audioPlays} ->> ${media})::int, 0)`;
  const [row] = await deps.db
    .update(placementTests)
    .set({
      audioPlays: sql`jsonb_set(${placementTests.audioPlays}, ARRAY[${media}]::text[], to_jsonb(${plays} + 1))`,
    })
    .where(and(eq(placementTests.id, testId), sql`${plays} < ${AUDIO_MAX_PLAYS}`))
    .returning({ audioPlays: placementTests.audioPlays });
  if (!row) throw conflict(messages.placement.audioLimit);
  const count = row.audioPlays[media] ?? 0;
  return { media, plays: count, remaining: Math.max(0, AUDIO_MAX_PLAYS - count) };
}

/** GET /test/user/{userId}: the learner's latest test, its answers and scores. */
export async function getUserTest(deps: Deps, userId: string) {
  const [test] = await deps.db
    .select()
    .from(placementTests)
    .where(eq(placementTests.userId, userId))
    .orderBy(desc(placementTests.createdAt))
    .limit(1);
  if (!test) throw notFound(errorCatalogue.missingTest.message);
  const model = await requireModel(deps, test.testModelId);
  const answers = await answersOf(deps.db, test.id, model);
  return {
    testId: test.id,
    answers: answers.map((a) => presentAnswer(test, model, a)),
    precision: test.finishedAt && test.scores ? precisionOf(test.scores) : null,
    ...resultOf(test),
  };
}

import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';
import { question } from './questions.js';

const category = z.enum(['KN', 'RC', 'OC']);

/** A placement question: the engine's question (schemas/questions.ts) in a part of the test. */
export const placementQuestion = question.extend({
  category,
  level: z.string(),
  subcategory: z.string(),
});
export type PlacementQuestion = z.infer<typeof placementQuestion>;

export const placementScores = z.object({
  scoreKN: z.number(),
  scoreRC: z.number(),
  scoreOC: z.number(),
  total: z.number(),
});

/** SPEC §3 Answer record. */
export const answerRecord = z.object({
  question: idSchema,
  answerIndex: z.array(z.number().int()),
  fakeIndex: z.array(z.number().int()).nullable(),
  created_at: z.string(),
});
export type AnswerRecord = z.infer<typeof answerRecord>;

export const placementInitParams = z.object({
  testModelId: z.string().min(1).max(64).refine(noControlCharacters),
});
export const placementInitBody = z.object({
  user: idSchema,
  /** The kind of test as the original client named it ('placement'), kept as text on the test. */
  type: z.union([z.string().max(32), z.number().int().min(0).max(99)]).optional(),
  testId: idSchema.nullable().optional(),
});

/**
 * Where the learner is in the test, part by part (issue 33): the counter shows the question's
 * number in its part and the most that part can have, a total fixed for as long as the part
 * lasts (a part may end earlier, once the test is sure enough; the next part then begins).
 */
export const placementPartProgress = z.object({
  part: category,
  /** 1, 2 or 3: the part's place in the test (knowledge, reading, listening). */
  number: z.number().int(),
  /** The part's questions answered so far. */
  answered: z.number().int(),
  /** The most questions this part can have, answered ones included. */
  total: z.number().int(),
});
export type PlacementPartProgress = z.infer<typeof placementPartProgress>;

/**
 * How sure the result is (issue 33): the overall ability's standard error in CEFR levels
 * (widened while the bank's difficulties are the writers' guesses: decision 0039), the levels
 * it implies at 90 % (low, high: 'B1.2'), and whether the group decision is in doubt (the range
 * straddles B1.5, the split of SPEC §9).
 */
export const placementPrecision = z.object({
  se: z.number(),
  low: z.string(),
  high: z.string(),
  groupInDoubt: z.boolean(),
});
export type PlacementPrecision = z.infer<typeof placementPrecision>;

const result = {
  testFinish: z.boolean(),
  scores: placementScores.nullable(),
  /** e.g. 'B1.4', once finished. */
  level: z.string().nullable(),
};

export const placementTest = z.object({
  testId: idSchema,
  testModelId: z.string(),
  descriptionKN: z.string(),
  descriptionRC: z.string(),
  descriptionOC: z.string(),
  /**
   * The questions asked so far, in the order asked, then the next one while the test goes on:
   * the order is adaptive (issue 17), so the server chooses each question from the answers given.
   */
  questions: z.array(placementQuestion),
  answers: z.array(answerRecord),
  /** The most questions the test can have, answered ones included: it goes down as parts stop early. */
  total: z.number().int(),
  /** The most questions of each part. */
  parts: z.object({ KN: z.number().int(), RC: z.number().int(), OC: z.number().int() }),
  /** How many times each audio file has been played (at most twice, SPEC §9). */
  audioPlays: z.record(z.string(), z.number().int()),
  /** The part being taken and the place in it; null once the test is finished. */
  progress: placementPartProgress.nullable(),
  ...result,
});
export type PlacementTest = z.infer<typeof placementTest>;

export const answerInput = z.object({
  question: idSchema,
  answerIndex: z.array(z.number().int().min(0).max(50)).min(1).max(20),
  fakeIndex: z.array(z.number().int().min(0).max(50)).max(20).nullable().optional(),
});
export type AnswerInput = z.infer<typeof answerInput>;

export const placementTestParams = z.object({ testId: idSchema });
/** SPEC §4: submit pushes the answer and sends all answers so far. */
export const placementAnswersBody = z.object({ answers: z.array(answerInput).min(1).max(200) });
export const placementProgress = z.object({
  testId: idSchema,
  answered: z.number().int(),
  /** The most questions the test can have, answered ones included (see placementTest). */
  total: z.number().int(),
  /** The question to ask next; null once the test is finished. */
  next: placementQuestion.nullable(),
  /** The part of the next question and the place in it; null once the test is finished. */
  progress: placementPartProgress.nullable(),
  ...result,
});
export type PlacementProgress = z.infer<typeof placementProgress>;

export const placementUserResult = z.object({
  testId: idSchema,
  answers: z.array(answerRecord),
  /** Null until the test is finished, and for tests finished before results carried it. */
  precision: placementPrecision.nullable(),
  ...result,
});

export const audioPlayBody = z.object({ media: z.string().min(1).max(200) });
export const audioPlayResponse = z.object({
  media: z.string(),
  plays: z.number().int(),
  remaining: z.number().int(),
});

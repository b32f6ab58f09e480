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
  ...result,
});
export type PlacementProgress = z.infer<typeof placementProgress>;

export const placementUserResult = z.object({
  testId: idSchema,
  answers: z.array(answerRecord),
  ...result,
});

export const audioPlayBody = z.object({ media: z.string().min(1).max(200) });
export const audioPlayResponse = z.object({
  media: z.string(),
  plays: z.number().int(),
  remaining: z.number().int(),
});

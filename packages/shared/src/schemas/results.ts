import { z } from 'zod';
import { emailInput, idSchema } from './common.js';
import { progressTracker } from './trackers.js';

/** SPEC §3 Unit result: `result` is null for a unit never opened. */
export const unitScore = z.object({
  scaled: z.number().nullable(),
  raw: z.number().nullable(),
  max: z.number().nullable(),
});

export const unitResultValue = z.object({
  success: z.boolean().nullable(),
  completion: z.boolean().nullable(),
  score: unitScore.nullable(),
});

export const unitResultEntry = z.object({
  unit: z.object({
    _id: idSchema,
    name: z.string(),
    isFinalQuiz: z.boolean(),
    isRise: z.boolean(),
    module: z.object({ _id: idSchema, name: z.string() }),
  }),
  verb: z.enum(['completed', 'passed', 'failed', 'attempted']).nullable(),
  result: unitResultValue.nullable(),
  /** Seconds of study time recorded in this unit. */
  time: z.number().int().min(0),
});
export type UnitResultEntry = z.infer<typeof unitResultEntry>;

/** The second element of the global results: the group's targets and the stored progress. */
export const resultTargets = z.object({
  /** Goal of the success-rate card (SPEC §9 "Goal shown is elearningTarget, default 100"). */
  elearningTarget: z.number().nullable(),
  elearningDuration: z.number().int().nullable(),
  elearningDurationTarget: z.number().int().nullable(),
  /** Units of the group's modules, for the completion percent. */
  totalUnits: z.number().int().min(0),
  /** The progress stored by POST /progresstrackers, null before the first computation. */
  progress: progressTracker.nullable(),
});
export type ResultTargets = z.infer<typeof resultTargets>;

/**
 * SPEC §7 "Global results by user id, email and group id return an array with targets in the
 * second element": GET /results/global/{userId}/{email}/{groupId}.
 */
export const globalResults = z.tuple([z.array(unitResultEntry), resultTargets]);
export type GlobalResults = z.infer<typeof globalResults>;

export const globalResultsParams = z.object({ userId: idSchema, email: emailInput, groupId: idSchema });

import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';

/** PUT /unittrackers/timer/{id} (SPEC §7): study time since the previous beat, in seconds. */
export const timerBody = z.object({
  unit: z.string().max(100).refine(noControlCharacters).nullable().optional(),
  time: z.number().min(0).max(3600),
  /** The learner's current group (header selector); their latest group when absent. */
  group: idSchema.optional(),
});
export type TimerBody = z.infer<typeof timerBody>;

export const timerResponse = z.object({
  /** Seconds actually added: never more than the time since the previous beat. */
  credited: z.number().int(),
  /** The learner's total for this group and unit today. */
  seconds: z.number().int(),
});

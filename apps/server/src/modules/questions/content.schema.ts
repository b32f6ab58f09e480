import { z } from 'zod';
import { QUESTION_LEVELS } from '@medenglish/shared';

/**
 * A question as content files write it (the placement bank, the exam pools): the engine's shape
 * with its key (`correct`). Each bank adds what is its own (media for the placement test).
 */
export const questionContent = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  category: z.enum(['KN', 'RC', 'OC']),
  type: z.enum(['mcq', 'tof', 'fillblank', 'd&d']),
  level: z.enum(QUESTION_LEVELS),
  subcategory: z.string().min(1),
  name: z.string().min(1),
  passage: z.string().optional(),
  answers: z.array(z.object({ text: z.string().min(1) })).min(2),
  correct: z.array(z.number().int().min(0)).min(1),
  /** Other answers English accepts as well (answer-keys.ts). */
  alsoCorrect: z.array(z.array(z.number().int().min(0)).min(1)).optional(),
});

import { z } from 'zod';
import { questionContent } from '../questions/index.js';

/**
 * The content file of an exam question pool (src/demo/exams/*.json): questions written like the
 * placement bank's (the same engine, issue 11), without audio — an exam is sat in a quiet room or
 * on a phone on a ward, and a listening part would need its own rules.
 */
export const poolQuestion = questionContent.extend({ category: z.enum(['KN', 'RC']) });
export type PoolQuestion = z.infer<typeof poolQuestion>;

export const poolFile = z.object({
  poolId: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: z.string().min(1),
  durationMinutes: z.number().int().min(1).max(600).optional(),
  drawCount: z.number().int().min(1).optional(),
  shuffle: z.boolean().optional(),
  passages: z.array(z.object({ key: z.string(), title: z.string(), text: z.string() })),
  questions: z.array(poolQuestion).min(1),
});
export type PoolFile = z.infer<typeof poolFile>;

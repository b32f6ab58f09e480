import { z } from 'zod';
import { idSchema } from './common.js';

/** SPEC §3 Notification; only range Student is listed to learners (SPEC §6). */
export const notification = z.object({
  id: idSchema,
  message: z.string(),
  created_at: z.string(),
  range: z.enum(['Student', 'Group']),
});
export type Notification = z.infer<typeof notification>;

export const notificationParams = z.object({ a: idSchema, b: idSchema, c: idSchema });

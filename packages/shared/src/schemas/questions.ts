import { z } from 'zod';
import { QUESTION_TYPES } from '../rules/questions.js';
import { idSchema } from './common.js';

/**
 * A question as the browser sees it, for the placement test and the exams alike: never with its
 * key — the schema has no place for one, so a serialised answer cannot carry it (issue 11).
 */
export const question = z.object({
  _id: idSchema,
  name: z.string(),
  type: z.enum(QUESTION_TYPES),
  answers: z.array(z.object({ text: z.string() })),
  media: z
    .object({
      filename: z.string(),
      type: z.enum(['img', 'audio']),
      url: z.string(),
      audioAttribution: z.string().nullable(),
    })
    .nullable(),
  passage: z.object({ title: z.string(), text: z.string() }).nullable(),
});
export type Question = z.infer<typeof question>;

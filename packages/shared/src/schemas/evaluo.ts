import { z } from 'zod';
import { SEMESTER_MAX, SEMESTER_MIN } from '../rules/semesters.js';
import { idSchema } from './common.js';

/**
 * SPEC §2 "/evaluo", §7 "External exam provider" (issue 13): an exam of the external provider as
 * our API gives it to a learner — never the other participants, only the learner's own state and
 * the provider's link for it.
 */
export const evaluoExam = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  durationMinutes: z.number().int().nonnegative(),
  /** The learner's state at the provider ('Terminé' once their copy is in), null if none given. */
  stateName: z.string().nullable(),
  /** The provider page to open: the copy (/testStudent/show?id=) once Terminé, else the exam (/takeExam/index?id=). */
  link: z.string(),
});
export type EvaluoExam = z.infer<typeof evaluoExam>;

export const evaluoExamsParams = z.object({
  companyId: idSchema,
  semester: z.coerce.number().int().min(SEMESTER_MIN).max(SEMESTER_MAX),
});
export const evaluoStudentExamsParams = evaluoExamsParams.extend({
  evaluoId: z.string().trim().min(1).max(100),
});
/** POST /evaluo/token/user-token (SPEC §7): a signed-in address of a provider link for the learner. */
export const evaluoTokenBody = z.object({ userId: idSchema, url: z.string().url().max(500) });
export const evaluoTokenAnswer = z.object({ url: z.string() });

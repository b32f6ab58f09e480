import { z } from 'zod';
import { SEMESTER_MAX } from '../rules/semesters.js';
import { idSchema } from './common.js';

/** SPEC §3 Fun fact: GET /funfact (all, cached by the app) and GET /funfact/random/{id}. */
export const funFact = z.object({ _id: idSchema, body: z.string() });
export type FunFact = z.infer<typeof funFact>;

/** GET /funfact/random/{id}: any fact but {id} (the one on screen); `id` may be any uuid. */
export const funFactRandomParams = z.object({ id: idSchema });

/** SPEC §3 News: GET /news/last/{type}, newest first, within the window of SPEC §9. */
export const newsItem = z.object({ _id: idSchema, message: z.string(), created_at: z.string() });
export type NewsItem = z.infer<typeof newsItem>;
export const newsParams = z.object({ type: z.enum(['Students', 'Companies']) });

/**
 * SPEC §3 Survey. `usersDone` never lists other learners: it holds the caller's id when they have
 * answered, else nothing — enough for "shown if the user is not in usersDone".
 */
export const survey = z.object({
  _id: idSchema,
  surveyLink: z.url({ protocol: /^https?$/ }),
  /** Shown in the dialog that invites the learner to answer. */
  title: z.string(),
  usersDone: z.array(idSchema),
  /** The last day the learner put the survey off to ('Plus tard'), while it is today or later. */
  laterUntil: z.iso.date().nullable(),
});
export type Survey = z.infer<typeof survey>;

/** GET /survey/single/{userId}/Students/{semester}/{companyId}; semester 0 for a path learner. */
export const surveyParams = z.object({
  userId: idSchema,
  audience: z.literal('Students'),
  semester: z.coerce.number().int().min(0).max(SEMESTER_MAX),
  companyId: idSchema,
});

/** PUT /survey/{id} {usersDone}: the caller adds themselves; any other id is refused. */
export const surveyDoneBody = z.object({ usersDone: z.array(idSchema).min(1).max(1) });

/** PUT /student/satisfaction/{id}: records that the learner answered the satisfaction survey. */
export const satisfactionBody = z.object({ surveyId: idSchema });
export const satisfactionResponse = z.object({ satisfaction: z.boolean(), at: z.string() });

import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';

/**
 * SPEC §3 Webinar (GET /webinar): _id, meetingId, start, duration (minutes), topic, blurb, places,
 * registered (user ids), recording. `registered` never lists other learners: it holds the caller's
 * id when they are booked, else nothing — enough for "Mes webinaires" (SPEC §5); how many places
 * are taken is `placesLeft` (SPEC §9: places minus registrations), computed by the server.
 */
export const webinar = z.object({
  _id: idSchema,
  meetingId: z.string(),
  start: z.string(),
  duration: z.number().int().positive(),
  topic: z.string(),
  blurb: z.string(),
  places: z.number().int().nonnegative(),
  placesLeft: z.number().int().nonnegative(),
  registered: z.array(idSchema),
  /** The recording's name once there is one (SPEC §4: the replay button waits until then). */
  recording: z.string().nullable(),
  speaker: z.string(),
});
export type Webinar = z.infer<typeof webinar>;

/** PUT /webinar/registrant (SPEC §7). The names and e-mail are the caller's own, read on the server. */
export const webinarRegistrantBody = z.object({
  meetingId: z.string().min(1).max(64),
  webinaireId: idSchema,
  firstname: z.string().max(120).optional(),
  lastname: z.string().max(120).optional(),
  email: z.string().max(320).optional(),
  userId: idSchema,
});
/** Its answer: the webinar's id and its registered list as the caller may see it. */
export const webinarRegistrantAnswer = z.object({ _id: idSchema, registered: z.array(idSchema) });

export const webinarCancelParams = z.object({ webinarId: idSchema, userId: idSchema });
export const meetingParams = z.object({
  meetingId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
});
export const recordingParams = z.object({
  recording: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/),
});

/** POST /zoom/meeting (staff): a new webinar and its meeting. */
const text = (max: number) => z.string().trim().min(1).max(max).refine(noControlCharacters);
export const newWebinarBody = z.object({
  topic: text(200),
  blurb: z.string().trim().max(2000).refine(noControlCharacters).default(''),
  speaker: z.string().trim().max(200).refine(noControlCharacters).default(''),
  start: z.iso.datetime({ offset: true }),
  duration: z.number().int().min(15).max(480),
  places: z.number().int().min(1).max(10_000),
});

import { z } from 'zod';
import { messages } from '../messages/index.js';
import { idSchema, noControlCharacters } from './common.js';
import { unitResultValue } from './results.js';

/** SPEC §3 Module objectives: a title and a list of objectives, shown numbered. */
export const moduleObjective = z.object({ title: z.string(), content: z.array(z.string()) });

/** SPEC §3 Module revisionFile: `fileName` is the /media address of the PDF. */
export const revisionFile = z.object({ fileName: z.string(), title: z.string() });

/** SPEC §3 Unit (the unit part): `filename` is the package folder, `launchPoint` its launch file. */
export const unitInfo = z.object({
  _id: idSchema,
  name: z.string(),
  thumbnail: z.string().nullable(),
  isFinalQuiz: z.boolean(),
  isRise: z.boolean(),
  filename: z.string().nullable(),
  launchPoint: z.string().nullable(),
  activityId: z.string(),
  /** Expected minutes of work. */
  time: z.number().int().nullable(),
  /**
   * Present (true) for a cmi5 AU declared launchMethod OwnWindow: it opens in a window of its
   * own rather than in the unit frame (decision 0030).
   */
  ownWindow: z.literal(true).optional(),
});
export type UnitInfo = z.infer<typeof unitInfo>;

export const UNIT_VERBS = ['completed', 'passed', 'failed', 'attempted'] as const;

/** SPEC §3 Unit: the unit, the learner's verb and result, and the seconds they spent in it. */
export const moduleUnit = z.object({
  unit: unitInfo,
  verb: z.enum(UNIT_VERBS).nullable(),
  result: unitResultValue.nullable(),
  /** Seconds of study time recorded in the unit (study-time tracker). */
  time: z.number().int().min(0),
});
export type ModuleUnit = z.infer<typeof moduleUnit>;

/** SPEC §3 Module, with the learner's units and the share of them finished. */
export const courseModule = z.object({
  _id: idSchema,
  /** Stable key of the module (its address under /elearning/course/…). */
  key: z.string(),
  name: z.string(),
  isRise: z.boolean(),
  /** One-paragraph summary shown above the numbered objectives. */
  summary: z.string(),
  objectives: z.array(moduleObjective),
  thumbnail: z.string().nullable(),
  revisionFile: z.array(revisionFile),
  units: z.array(moduleUnit),
  /** Percent of the module's units finished (completed or passed), 0–100. */
  progress: z.number().min(0).max(100),
});
export type CourseModule = z.infer<typeof courseModule>;

/** GET /module/user/{userId}/{groupId}: the group's modules in course order. */
export const userModules = z.array(courseModule);

/** GET /module/totalquiz/{userId}/{groupId}: chapter quizzes of the group and how many passed. */
export const totalQuiz = z.object({ total: z.number().int(), passed: z.number().int() });
export type TotalQuiz = z.infer<typeof totalQuiz>;

/** GET /module/percentage/{userId}/{groupId}: progress by module (SPEC §8 2201). */
export const modulePercentages = z.array(
  z.object({ module: z.object({ _id: idSchema, name: z.string() }), percentage: z.number() }),
);
export type ModulePercentages = z.infer<typeof modulePercentages>;

/** GET /module/progress/{userId}/{groupId}: units finished over all units of the group. */
export const moduleProgress = z.object({
  finished: z.number().int(),
  total: z.number().int(),
  percentage: z.number(),
});
export type ModuleProgress = z.infer<typeof moduleProgress>;

/** POST /module/test/{userId} {email, groupId}: the results by module of /elearning/results. */
export const moduleTestBody = z.object({
  email: z.string().max(320).refine(noControlCharacters),
  groupId: idSchema,
});

/**
 * The launch modes of a cmi5 AU (cmi5 10.2.2 launchMode; decision 0041): Normal judges the
 * learner, Browse lets them look around without judgement, Review revisits an AU already satisfied.
 */
export const CMI5_LAUNCH_MODES = ['Normal', 'Browse', 'Review'] as const;
export type Cmi5LaunchMode = (typeof CMI5_LAUNCH_MODES)[number];

/**
 * POST /xapi/launch/{unitId} {groupId, mode?}: the address to load in the content frame, with the
 * standard launch query (endpoint, auth, actor, activity_id, registration).
 *
 * `mode` is the launch mode asked for a cmi5 AU (decision 0041); without it, Normal. What is
 * granted may differ: Browse is always granted; an AU already satisfied opens in Review whatever
 * else is asked; Review of an AU not yet satisfied opens in Browse. A unit that is not a cmi5 AU
 * (Tin Can) has no launch modes: any mode but Normal is refused with a 400.
 */
export const launchParams = z.object({ unitId: idSchema });
export const launchBody = z.object({
  groupId: idSchema,
  mode: z.enum(CMI5_LAUNCH_MODES, { error: () => messages.elearning.launchMode.invalid }).optional(),
});
export const launchResponse = z.object({
  url: z.string(),
  registration: idSchema,
  /** When the launch credentials stop working (ISO date). */
  expiresAt: z.string(),
  /** The launch mode granted, for a cmi5 AU only (LMS.LaunchData's launchMode). */
  mode: z.enum(CMI5_LAUNCH_MODES).optional(),
});
export type LaunchResponse = z.infer<typeof launchResponse>;

/**
 * POST /cmi5/fetch/{token} (cmi5 8.2): the one-time fetch URL of a cmi5 launch. It answers 200
 * with the auth token once, then with the cmi5 error object (error-code 1: already returned or
 * session ended; 2: not a fetch URL of ours).
 */
export const cmi5FetchParams = z.object({ token: z.string().max(200) });
export const cmi5FetchResponse = z.union([
  z.object({ 'auth-token': z.string() }),
  z.object({ 'error-code': z.enum(['1', '2', '3']), 'error-text': z.string() }),
]);
export type Cmi5FetchResponse = z.infer<typeof cmi5FetchResponse>;

/**
 * cmi5 9.5.5.2: the reasons an LMS gives for waiving an AU ("waived" statements' reason
 * extension). The spec says SHOULD; we accept these four only, so reports can rely on them.
 */
export const CMI5_WAIVER_REASONS = [
  'Tested Out',
  'Equivalent AU',
  'Equivalent Outside Activity',
  'Administrative',
] as const;

/** PUT /admin/user/{id}/cmi5/{unitId}/waiver {reason}: an admin waives a cmi5 AU for a learner. */
export const cmi5WaiverParams = z.object({ id: idSchema, unitId: idSchema });
export const cmi5WaiverBody = z.object({ reason: z.enum(CMI5_WAIVER_REASONS) }).strict();
/** `waived` false: the learner had already satisfied the AU in the registration; nothing changed. */
export const cmi5WaiverResult = z.object({ waived: z.boolean() });
export type Cmi5WaiverResult = z.infer<typeof cmi5WaiverResult>;

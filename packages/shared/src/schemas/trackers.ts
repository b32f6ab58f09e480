import { z } from 'zod';
import { STUDY_BEAT_MAX_CLAIM_SECONDS, STUDY_TIME_MAX_SECONDS } from '../constants.js';
import { idSchema, isoDay, noControlCharacters } from './common.js';

/**
 * PUT /unittrackers/timer/{id} (SPEC §7): study time since the previous beat, in seconds. A
 * fraction is a claim like another (the credit is floored: heartbeat-rules.ts).
 */
export const timerBody = z.object({
  unit: z.string().max(100).refine(noControlCharacters).nullable().optional(),
  time: z.number().min(0).max(STUDY_BEAT_MAX_CLAIM_SECONDS),
  /** The learner's current group (header selector); time without a group counts toward none. */
  group: idSchema.optional(),
});
export type TimerBody = z.infer<typeof timerBody>;

export const timerResponse = z.object({
  /** Seconds actually added: never more than the time since the previous beat. */
  credited: z.number().int(),
  /** The learner's total for this group and unit today. */
  seconds: z.number().int(),
});

const seconds = z.number().int().min(0);

/**
 * GET /unittrackers/time/ (SPEC §7; no Authorization header since the path ends with an empty
 * segment, so the server reads the auth cookie): the caller's total connection time.
 */
export const studyTimeTotal = z.object({ seconds, todaySeconds: seconds });
export type StudyTimeTotal = z.infer<typeof studyTimeTotal>;

export const userGroupParams = z.object({ userId: idSchema, groupId: idSchema });

/**
 * GET /idletracker/user/{userId}/{groupId}: time the learner spent in the group outside any unit
 * (dashboard, glossary, videos…), which SPEC §9 adds to the time progress.
 */
export const idleTracker = z.object({ groupId: idSchema, seconds });
export type IdleTracker = z.infer<typeof idleTracker>;

/** GET /unittrackers/user/{userId}/{groupId}: SPEC §3 Trackers, time per unit in seconds. */
export const unitTrackers = z.object({ units: z.array(z.object({ unit: idSchema, time: seconds })) });
export type UnitTrackers = z.infer<typeof unitTrackers>;

/**
 * SPEC §3 Progress tracker: rates in percent, `date` the server day it was computed, `time` the
 * study minutes counted (units + idle), `sec` the same in seconds.
 */
export const progressTracker = z.object({
  completionRate: z.number().min(0).max(100),
  successRate: z.number().min(0).max(100),
  date: isoDay,
  time: seconds,
  sec: seconds,
});
export type ProgressTracker = z.infer<typeof progressTracker>;

/**
 * POST /progresstrackers/{userId}. The server recomputes the figures from its own records and
 * answers what it stored: institutions rely on them, so a client's numbers are never written.
 */
const STUDY_TIME_MAX_MINUTES = STUDY_TIME_MAX_SECONDS / 60;
export const progressTrackerBody = z.object({
  groupId: idSchema,
  // Bounded as any input is (issue 32), though never stored.
  progress: progressTracker.extend({
    time: z.number().int().min(0).max(STUDY_TIME_MAX_MINUTES),
    sec: z.number().int().min(0).max(STUDY_TIME_MAX_SECONDS),
  }),
});

/** GET /unittrackers/latest/{userId}/{groupId}: the unit the learner last worked on, if any. */
export const latestActivity = z.object({
  module: z.object({ _id: idSchema, name: z.string() }).nullable(),
  unit: z.object({ _id: idSchema, name: z.string(), isFinalQuiz: z.boolean() }).nullable(),
  at: z.string().nullable(),
});
export type LatestActivity = z.infer<typeof latestActivity>;

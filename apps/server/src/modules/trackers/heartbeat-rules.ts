import { STUDY_BEAT_SECONDS } from '@medenglish/shared';

/** A beat may be late (a throttled background tab, a slow network), never more than this. */
export const MAX_CREDIT_SECONDS = 2 * STUDY_BEAT_SECONDS;

/**
 * Seconds to credit for a heartbeat: what the client claims, but never more than the real time
 * since the learner's previous beat (server clock), nor more than two beat intervals (a learner
 * away for an hour gets one beat's worth, not an hour). The first beat only starts the clock.
 * The hot path computes it in SQL, in the statement that swaps the last beat (heartbeat.service.ts);
 * heartbeat.db.test.ts checks that statement against this definition.
 */
export function creditedSeconds(claimed: number, previousBeat: Date | null, now: Date): number {
  if (!previousBeat) return 0;
  const elapsed = (now.getTime() - previousBeat.getTime()) / 1000;
  return Math.max(0, Math.floor(Math.min(claimed, elapsed, MAX_CREDIT_SECONDS)));
}

import { and, eq, sql } from 'drizzle-orm';
import { today, type Clock } from '../../lib/clock.js';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { groupMembers, studyBeats, studyTime } from '../../db/schema.js';
import { forbidden } from '../../lib/app-error.js';
import { creditedSeconds } from './heartbeat-rules.js';

async function isMember(db: Executor, userId: string, groupId: string): Promise<boolean> {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, groupId)));
  return rows.length > 0;
}

/**
 * Moves the learner's last beat to `now` and returns the one before, in one statement: the row
 * lock makes two tabs beating at once take turns, the second seeing the first's time. The
 * membership of the group named in the beat is checked in the same statement; only when it
 * updates nothing (first beat, or not a member) does a second query tell which.
 * Null for the learner's first beat.
 */
async function swapLastBeat(
  db: Executor,
  userId: string,
  groupId: string | undefined,
  now: Date,
): Promise<Date | null> {
  const inGroup = groupId
    ? sql`AND EXISTS (SELECT 1 FROM group_members WHERE user_id = ${userId} AND group_id = ${groupId})`
    : sql``;
  for (;;) {
    const updated = await db.execute<{ previous: Date | string }>(sql`
      UPDATE study_beats SET last_beat_at = GREATEST(study_beats.last_beat_at, ${now.toISOString()}::timestamptz)
      FROM (SELECT last_beat_at AS previous FROM study_beats WHERE user_id = ${userId} FOR UPDATE) AS before
      WHERE study_beats.user_id = ${userId} ${inGroup}
      RETURNING before.previous`);
    const row = updated.rows[0];
    if (row) return new Date(row.previous);
    if (groupId && !(await isMember(db, userId, groupId))) throw forbidden();
    const inserted = await db
      .insert(studyBeats)
      .values({ userId, lastBeatAt: now })
      .onConflictDoNothing()
      .returning({ userId: studyBeats.userId });
    if (inserted.length > 0) return null;
    // Another tab's first beat won the insert: take the update path.
  }
}

/**
 * PUT /unittrackers/timer/{id}: adds the study time of one heartbeat to the learner's total for
 * their group, unit and day — two statements on the hot path (about 350 beats a second for
 * 10,000 active learners).
 */
export async function recordHeartbeat(
  deps: Pick<Deps, 'db' | 'config'> & { clock: Clock },
  userId: string,
  body: { unit?: string | null; time: number; group?: string },
): Promise<{ credited: number; seconds: number }> {
  const now = deps.clock.now();
  const previous = await swapLastBeat(deps.db, userId, body.group, now);
  const credited = creditedSeconds(body.time, previous, now);
  const [row] = await deps.db
    .insert(studyTime)
    .values({
      userId,
      groupId: body.group ?? '',
      unitId: body.unit ?? '',
      day: today(deps.clock, deps.config.TZ_DISPLAY),
      seconds: credited,
    })
    .onConflictDoUpdate({
      target: [studyTime.userId, studyTime.groupId, studyTime.unitId, studyTime.day],
      set: { seconds: sql`${studyTime.seconds} + ${credited}` },
    })
    .returning({ seconds: studyTime.seconds });
  return { credited, seconds: row!.seconds };
}

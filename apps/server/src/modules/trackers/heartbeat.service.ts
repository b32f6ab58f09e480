import { and, eq, sql } from 'drizzle-orm';
import { today, type Clock } from '../../lib/clock.js';
import type { Deps } from '../../deps.js';
import { groupMembers, studyBeats, studyTime } from '../../db/schema.js';
import { forbidden } from '../../lib/app-error.js';
import { creditedSeconds } from './heartbeat-rules.js';

/**
 * PUT /unittrackers/timer/{id}: adds the study time of one heartbeat to the learner's total for
 * their group, unit and day. The learner's row in study_beats is locked for the transaction, so
 * two tabs beating at once are credited one after the other (the second gets nothing).
 */
export async function recordHeartbeat(
  deps: Pick<Deps, 'db' | 'config'> & { clock: Clock },
  userId: string,
  body: { unit?: string | null; time: number; group?: string },
): Promise<{ credited: number; seconds: number }> {
  if (body.group) {
    const [member] = await deps.db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, body.group)));
    if (!member) throw forbidden();
  }
  const now = deps.clock.now();
  const day = today(deps.clock, deps.config.TZ_DISPLAY);
  const groupId = body.group ?? '';
  const unitId = body.unit ?? '';
  return deps.db.transaction(async (tx) => {
    await tx.insert(studyBeats).values({ userId, lastBeatAt: now }).onConflictDoNothing();
    const [beat] = await tx.select().from(studyBeats).where(eq(studyBeats.userId, userId)).for('update');
    const isFirst = beat!.lastBeatAt.getTime() === now.getTime();
    const credited = creditedSeconds(body.time, isFirst ? null : beat!.lastBeatAt, now);
    if (!isFirst && now > beat!.lastBeatAt) {
      await tx.update(studyBeats).set({ lastBeatAt: now }).where(eq(studyBeats.userId, userId));
    }
    const [row] = await tx
      .insert(studyTime)
      .values({ userId, groupId, unitId, day, seconds: credited })
      .onConflictDoUpdate({
        target: [studyTime.userId, studyTime.groupId, studyTime.unitId, studyTime.day],
        set: { seconds: sql`${studyTime.seconds} + ${credited}` },
      })
      .returning({ seconds: studyTime.seconds });
    return { credited, seconds: row!.seconds };
  });
}

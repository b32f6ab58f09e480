import { and, eq, ne, sql } from 'drizzle-orm';
import type { StudyTimeTotal, UnitTrackers } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupModules, studyTime, units } from '../../db/schema.js';

/**
 * Reading back the study time the heartbeats recorded (SPEC §7 unittrackers/time; the unit times
 * of the e-learning module calls; the dashboard's idle and unit trackers are dashboard-reads.ts).
 * Rows with unit '' are time spent outside any unit: the "idle" time that SPEC §9 adds to the time
 * progress of the current group.
 */

/** GET /unittrackers/time/: every second the learner was credited, and today's. */
export async function totalStudyTime(db: Executor, userId: string, today: string): Promise<StudyTimeTotal> {
  const [row] = await db
    .select({
      seconds: sql<string>`coalesce(sum(${studyTime.seconds}), 0)`,
      todaySeconds: sql<string>`coalesce(sum(${studyTime.seconds}) filter (where ${studyTime.day} = ${today}), 0)`,
    })
    .from(studyTime)
    .where(eq(studyTime.userId, userId));
  return { seconds: Number(row?.seconds ?? 0), todaySeconds: Number(row?.todaySeconds ?? 0) };
}

/**
 * GET /unittrackers/user/{userId}/{groupId}: time per unit of the group's modules. A unit's time
 * counts whichever group was selected while working on it: the work is the same.
 */
export async function unitTimes(db: Executor, userId: string, groupId: string): Promise<UnitTrackers> {
  const rows = await db
    .select({ unit: units.id, time: sql<string>`sum(${studyTime.seconds})` })
    .from(studyTime)
    .innerJoin(units, sql`${units.id}::text = ${studyTime.unitId}`)
    .innerJoin(
      groupModules,
      and(eq(groupModules.moduleId, units.moduleId), eq(groupModules.groupId, groupId)),
    )
    .where(and(eq(studyTime.userId, userId), ne(studyTime.unitId, '')))
    .groupBy(units.id);
  return { units: rows.map((r) => ({ unit: r.unit, time: Number(r.time) })) };
}

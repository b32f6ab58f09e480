import { and, asc, desc, eq } from 'drizzle-orm';
import {
  completionRate,
  successRate,
  type GlobalResults,
  type LatestActivity,
  type ProgressTracker,
  type UnitResultEntry,
} from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupModules, modules, progressTrackers, unitResults, units } from '../../db/schema.js';
import { idleTime, unitTimes } from './study-time.service.js';

type Group = {
  id: string;
  elearningDuration: number | null;
  elearningDurationTarget: number | null;
  elearningTarget: number | null;
};

/** The units of the group's modules, in course order, with the learner's result when they have one. */
async function unitsWithResults(db: Executor, userId: string, groupId: string) {
  return db
    .select({
      unit: units,
      module: { id: modules.id, name: modules.name },
      verb: unitResults.verb,
      result: unitResults.result,
    })
    .from(groupModules)
    .innerJoin(modules, eq(modules.id, groupModules.moduleId))
    .innerJoin(units, eq(units.moduleId, modules.id))
    .leftJoin(unitResults, and(eq(unitResults.unitId, units.id), eq(unitResults.userId, userId)))
    .where(eq(groupModules.groupId, groupId))
    .orderBy(asc(groupModules.position), asc(units.position));
}

async function storedProgress(
  db: Executor,
  userId: string,
  groupId: string,
): Promise<ProgressTracker | null> {
  const [row] = await db
    .select()
    .from(progressTrackers)
    .where(and(eq(progressTrackers.userId, userId), eq(progressTrackers.groupId, groupId)));
  if (!row) return null;
  return {
    completionRate: row.completionRate,
    successRate: row.successRate,
    date: row.day,
    time: Math.floor(row.seconds / 60),
    sec: row.seconds,
  };
}

/**
 * SPEC §7 global results: the units the learner has a result in (what the success rate averages,
 * SPEC §9), then the group's targets, the unit count for the completion and the stored progress.
 */
export async function globalResults(db: Executor, userId: string, group: Group): Promise<GlobalResults> {
  const [rows, times, progress] = await Promise.all([
    unitsWithResults(db, userId, group.id),
    unitTimes(db, userId, group.id),
    storedProgress(db, userId, group.id),
  ]);
  const timeOf = new Map(times.units.map((u) => [u.unit, u.time]));
  const results: UnitResultEntry[] = rows
    .filter((r) => r.result !== null || r.verb !== null)
    .map((r) => ({
      unit: {
        _id: r.unit.id,
        name: r.unit.name,
        isFinalQuiz: r.unit.isFinalQuiz,
        isRise: r.unit.isRise,
        module: { _id: r.module.id, name: r.module.name },
      },
      verb: r.verb,
      result: r.result,
      time: timeOf.get(r.unit.id) ?? 0,
    }));
  return [
    results,
    {
      elearningTarget: group.elearningTarget,
      elearningDuration: group.elearningDuration,
      elearningDurationTarget: group.elearningDurationTarget,
      totalUnits: rows.length,
      progress,
    },
  ];
}

/**
 * POST /progresstrackers/{userId}: computes the learner's progress in the group from the server's
 * own records (results, unit time and idle time) and stores it with today's date.
 */
export async function recomputeProgress(
  db: Executor,
  userId: string,
  group: Group,
  today: string,
): Promise<ProgressTracker> {
  const [[results, targets], idle] = await Promise.all([
    globalResults(db, userId, group),
    idleTime(db, userId, group.id),
  ]);
  const seconds = results.reduce((sum, r) => sum + r.time, 0) + idle.seconds;
  const progress: ProgressTracker = {
    completionRate: completionRate(results, targets.totalUnits),
    successRate: successRate(results),
    date: today,
    time: Math.floor(seconds / 60),
    sec: seconds,
  };
  const values = {
    completionRate: progress.completionRate,
    successRate: progress.successRate,
    day: today,
    seconds,
    updatedAt: new Date(),
  };
  await db
    .insert(progressTrackers)
    .values({ userId, groupId: group.id, ...values })
    .onConflictDoUpdate({ target: [progressTrackers.userId, progressTrackers.groupId], set: values });
  return progress;
}

/** GET /unittrackers/latest/{userId}/{groupId}: the unit of the group the learner last worked on. */
export async function latestActivity(db: Executor, userId: string, groupId: string): Promise<LatestActivity> {
  const [row] = await db
    .select({
      unit: { _id: units.id, name: units.name, isFinalQuiz: units.isFinalQuiz },
      module: { _id: modules.id, name: modules.name },
      at: unitResults.updatedAt,
    })
    .from(unitResults)
    .innerJoin(units, eq(units.id, unitResults.unitId))
    .innerJoin(modules, eq(modules.id, units.moduleId))
    .innerJoin(groupModules, and(eq(groupModules.moduleId, modules.id), eq(groupModules.groupId, groupId)))
    .where(eq(unitResults.userId, userId))
    .orderBy(desc(unitResults.updatedAt))
    .limit(1);
  if (!row) return { module: null, unit: null, at: null };
  return { module: row.module, unit: row.unit, at: row.at.toISOString() };
}

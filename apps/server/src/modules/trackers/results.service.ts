import { and, desc, eq } from 'drizzle-orm';
import { completionRate, successRate, type LatestActivity, type ProgressTracker } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { groupModules, modules, progressTrackers, unitResults, units } from '../../db/schema.js';
import { globalResultsOfMember, idleTimeOfMember } from './dashboard-reads.js';

/**
 * POST /progresstrackers/{userId}: computes the learner's progress in the group from the server's
 * own records (results, unit time and idle time) and stores it with today's date.
 */
export async function recomputeProgress(
  deps: Pick<Deps, 'db' | 'namedStatements'>,
  userId: string,
  groupId: string,
  today: string,
): Promise<ProgressTracker> {
  const [[results, targets], idle] = await Promise.all([
    globalResultsOfMember(deps, userId, null, groupId),
    idleTimeOfMember(deps, userId, groupId),
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
  await deps.db
    .insert(progressTrackers)
    .values({ userId, groupId, ...values })
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

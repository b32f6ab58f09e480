import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { unitResults, units, users, type UnitResultRow } from '../../db/schema.js';
import type { XapiCaller } from './credentials.js';
import { VOIDED_VERB } from './statement-rules.js';
import { resultFromStatement, verbOf, type UnitVerb } from './unit-result-rules.js';
import type { Json } from './json.js';

/**
 * Statements about a unit (their object is the unit's activity id) update the learner's unit
 * result, which results, progress and the dashboard read (SPEC §3 Unit verb and result): any
 * statement marks the unit attempted; completed / passed / failed set the verb and result when
 * they are at least as good as the one kept (unit-result-rules.ts).
 */
export async function applyUnitResults(tx: Executor, caller: XapiCaller, statements: Json[], now: Date) {
  // A cmi5 AU's unit result follows its moveOn criteria instead (cmi5-sessions.service.ts).
  if (caller.kind === 'launch' && caller.scope.cmi5Session) return;
  const relevant = statements.filter(
    (s) =>
      (s.verb as Json).id !== VOIDED_VERB && ((s.object as Json).objectType ?? 'Activity') === 'Activity',
  );
  if (relevant.length === 0) return;
  const unitOf = await unitsByActivity(tx, caller, relevant);
  if (unitOf.size === 0) return;

  for (const statement of relevant) {
    const unitId = unitOf.get((statement.object as Json).id as string);
    if (!unitId) continue;
    const userId = await learnerOf(tx, caller, statement);
    if (!userId) continue;
    const verb: UnitVerb = verbOf((statement.verb as Json).id as string) ?? 'attempted';
    const result: UnitResultRow | null =
      verb === 'attempted' ? null : resultFromStatement(statement.result as Json | undefined, verb);
    await upsertUnitResult(tx, userId, unitId, verb, result, now);
  }
}

/**
 * The units the statements are about. A launch is for one unit: its activity id is the unit's,
 * and a sub-activity (a question) is not a unit, so no query is needed on the frequent path.
 */
async function unitsByActivity(
  tx: Executor,
  caller: XapiCaller,
  statements: Json[],
): Promise<Map<string, string>> {
  const activityIds = [...new Set(statements.map((s) => (s.object as Json).id as string))];
  if (caller.kind === 'launch') {
    const { activityId, unitId } = caller.scope;
    return new Map(activityIds.includes(activityId) ? [[activityId, unitId]] : []);
  }
  const rows = await tx
    .select({ id: units.id, activityId: units.activityId })
    .from(units)
    .where(inArray(units.activityId, activityIds));
  return new Map(rows.map((u) => [u.activityId, u.id]));
}

/** With launch credentials the learner is known; the store's own key names them by e-mail. */
async function learnerOf(tx: Executor, caller: XapiCaller, statement: Json): Promise<string | null> {
  if (caller.kind === 'launch') return caller.scope.userId;
  const mbox = (statement.actor as Json).mbox;
  if (typeof mbox !== 'string') return null;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${mbox.replace(/^mailto:/i, '').toLowerCase()}`);
  return row?.id ?? null;
}

/**
 * One statement: the new verb and result replace the kept ones only when they rank at least as
 * high (passed > completed > failed > attempted, then the better score), so a failed retake never
 * erases a pass. The date always moves, for "last activity".
 */
export async function upsertUnitResult(
  tx: Executor,
  userId: string,
  unitId: string,
  verb: UnitVerb,
  result: UnitResultRow | null,
  now: Date,
) {
  const rank = sql`(case ${unitResults.verb} when 'passed' then 3 when 'completed' then 2 when 'failed' then 1 else 0 end)`;
  const newRank = { passed: 3, completed: 2, failed: 1, attempted: 0 }[verb];
  const keptScore = sql`coalesce((${unitResults.result}->'score'->>'scaled')::float8, -2)`;
  const newScore = result?.score?.scaled ?? -2;
  const better = sql`(${newRank} > ${rank} or (${newRank} = ${rank} and ${newRank} > 0 and ${newScore}::float8 >= ${keptScore}))`;
  await tx
    .insert(unitResults)
    .values({ userId, unitId, verb, result, updatedAt: now })
    .onConflictDoUpdate({
      target: [unitResults.userId, unitResults.unitId],
      set: {
        verb: sql`case when ${better} then excluded.verb else ${unitResults.verb} end`,
        result: sql`case when ${better} then excluded.result else ${unitResults.result} end`,
        updatedAt: now,
      },
    });
}

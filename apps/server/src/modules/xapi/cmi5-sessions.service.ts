import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode, messages } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import {
  cmi5Satisfied,
  cmi5Sessions,
  cmi5Units,
  units,
  xapiStatements,
  type UnitResultRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { LaunchScope } from './credentials.js';
import { durationBetween, lmsStatement } from './cmi5-lms-statements.js';
import {
  checkCmi5Statement,
  Cmi5Violation,
  moveOnMet,
  REASON_EXTENSION,
  type Cmi5SessionState,
} from './cmi5-statement-rules.js';
import { resultFromStatement } from './unit-result-rules.js';
import { upsertUnitResult } from './unit-results.service.js';
import type { Json } from './json.js';

const PASSED_VERB = 'http://adlnet.gov/expapi/verbs/passed';
type Session = typeof cmi5Sessions.$inferSelect;
type Cmi5Unit = typeof cmi5Units.$inferSelect;

const refused = (violation: Cmi5Violation) =>
  new AppError(ErrorCode.FORBIDDEN, messages.cmi5.refused(violation.message));

/** The Agent Profile document of the learner preferences (cmi5 11.0). */
export const LEARNER_PREFERENCES_PROFILE_ID = 'cmi5LearnerPreferences';
/**
 * Kept in the session's `verbs` list once the AU has asked for its learner preferences (11.0):
 * it is no verb, so no verb rule ever matches it; it saves a column (and a migration).
 */
const PREFERENCES_READ = 'learnerPreferences:read';

/**
 * GET /agents/profile?profileId=cmi5LearnerPreferences by an AU session (cmi5 11.0: "The AU MUST
 * retrieve the Learner Preferences document from the Agent Profile on startup"): noted, so that
 * its "initialized" may follow. Asking is what counts — a 404 (no preferences kept) included.
 */
export async function noteLearnerPreferencesRead(tx: Executor, sessionId: string): Promise<void> {
  await tx
    .update(cmi5Sessions)
    .set({ verbs: sql`array_append(${cmi5Sessions.verbs}, ${PREFERENCES_READ})` })
    .where(
      and(
        eq(cmi5Sessions.id, sessionId),
        isNull(cmi5Sessions.endedAt),
        sql`not (${PREFERENCES_READ} = any(${cmi5Sessions.verbs}))`,
      ),
    );
}

/** Whether the AU was completed / passed in the registration, by any of its sessions. */
async function registrationSeen(tx: Executor, session: Pick<Session, 'userId' | 'unitId' | 'registration'>) {
  const [row] = await tx
    .select({
      completed: sql<boolean>`coalesce(bool_or('completed' = any(${cmi5Sessions.verbs})), false)`,
      passed: sql<boolean>`coalesce(bool_or('passed' = any(${cmi5Sessions.verbs})), false)`,
    })
    .from(cmi5Sessions)
    .where(
      and(
        eq(cmi5Sessions.userId, session.userId),
        eq(cmi5Sessions.unitId, session.unitId),
        eq(cmi5Sessions.registration, session.registration),
      ),
    );
  return { completed: row?.completed ?? false, passed: row?.passed ?? false };
}

/**
 * The statements of a cmi5 launch, before they are stored (statements.service.ts runs this in the
 * same transaction): each is checked against the cmi5 rules in the order sent — the first that
 * breaks one refuses the whole request with its reason — then the session records the cmi5
 * verbs, "terminated" ends it, and the unit result follows the AU's moveOn criteria. Answers the
 * LMS statements ("satisfied") to store once the AU's are.
 */
export async function guardCmi5Statements(
  tx: Executor,
  scope: LaunchScope,
  statements: Json[],
  now: Date,
): Promise<Json[]> {
  const [session] = await tx
    .select()
    .from(cmi5Sessions)
    .where(eq(cmi5Sessions.id, scope.cmi5Session!))
    .for('update');
  const [unit] = await tx.select().from(cmi5Units).where(eq(cmi5Units.unitId, scope.unitId));
  if (!session || !unit) throw refused(new Cmi5Violation(403, 'this AU session is unknown'));
  const seen = await registrationSeen(tx, session);
  const state: Cmi5SessionState = {
    sessionId: session.id,
    registration: session.registration,
    activityId: scope.activityId,
    publisherId: unit.publisherId,
    launchMode: session.launchMode,
    masteryScore: unit.masteryScore,
    preferencesRead: session.verbs.includes(PREFERENCES_READ),
    verbs: [...session.verbs],
    ended: session.endedBy,
    ...seen,
  };
  let judged: { verb: 'passed' | 'failed' | 'completed'; statement: Json } | null = null;
  let passedHere: Json | null = null;
  for (const statement of statements) {
    let verb;
    try {
      verb = checkCmi5Statement(statement, state);
    } catch (error) {
      if (error instanceof Cmi5Violation) throw refused(error);
      throw error;
    }
    if (!verb) continue;
    state.verbs.push(verb);
    if (verb === 'completed') state.completed = true;
    if (verb === 'passed') {
      state.passed = true;
      passedHere = statement;
    }
    if (verb === 'terminated') state.ended = 'terminated';
    if (verb === 'passed' || verb === 'failed' || verb === 'completed') judged = { verb, statement };
  }
  await tx
    .update(cmi5Sessions)
    .set({
      verbs: state.verbs,
      lastStatementAt: now,
      ...(state.ended === 'terminated' ? { endedAt: now, endedBy: 'terminated' as const } : {}),
    })
    .where(eq(cmi5Sessions.id, session.id));

  // Browse and Review record nothing about satisfaction (10.2.2, decision 0041): the unit's
  // result stays as it is, and moveOn is not evaluated (no judged verb gets this far anyway).
  if (session.launchMode !== 'Normal') return [];
  // Any statement of the session: the unit is in progress (kept if it is already better).
  await upsertUnitResult(tx, session.userId, session.unitId, 'attempted', null, now);
  if (judged?.verb === 'failed') {
    const result = resultFromStatement(judged.statement.result as Json, 'failed');
    await upsertUnitResult(tx, session.userId, session.unitId, 'failed', result, now);
  }
  if (!judged || !moveOnMet(unit.moveOn, state)) return [];
  // The score is the pass's, which may have come in an earlier request than the statement that
  // meets moveOn: @xapi/cmi5's moveOn() posts passed, then completed, one request each.
  const scored = passedHere
    ? (passedHere.result as Json | undefined)
    : state.passed
      ? await passedResultOf(tx, session.registration, scope.activityId)
      : (judged.statement.result as Json | undefined);
  const result: UnitResultRow = {
    ...resultFromStatement(scored, state.passed ? 'passed' : judged.verb),
    ...(state.passed ? { success: true } : {}),
    completion: state.completed ? true : null,
  };
  return satisfyAu(
    tx,
    session,
    unit,
    scope.activityId,
    'moveOn',
    state.passed ? 'passed' : 'completed',
    result,
    now,
  );
}

/** The result of the AU's `passed` in the registration (once per registration, cmi5 9.3). */
async function passedResultOf(
  tx: Executor,
  registration: string,
  activityId: string,
): Promise<Json | undefined> {
  const [row] = await tx
    .select({ result: sql<Json | null>`${xapiStatements.statement}->'result'` })
    .from(xapiStatements)
    .where(
      and(
        eq(xapiStatements.registration, registration),
        eq(xapiStatements.activityId, activityId),
        eq(xapiStatements.verbId, PASSED_VERB),
        eq(xapiStatements.voided, false),
      ),
    )
    .limit(1);
  return row?.result ?? undefined;
}

/**
 * The AU is done (moveOn met, or waived): its unit result, then a "satisfied" statement for each
 * block and for the course whose AUs are now all done (9.3.9), once per registration.
 */
async function satisfyAu(
  tx: Executor,
  session: Pick<Session, 'id' | 'userId' | 'unitId' | 'registration' | 'actor'>,
  unit: Cmi5Unit,
  auActivityId: string,
  how: 'moveOn' | 'waived',
  verb: 'passed' | 'completed',
  result: UnitResultRow,
  now: Date,
): Promise<Json[]> {
  await upsertUnitResult(tx, session.userId, session.unitId, verb, result, now);
  const key = { userId: session.userId, registration: session.registration };
  const inserted = await tx
    .insert(cmi5Satisfied)
    .values({ ...key, activityId: auActivityId, how, at: now })
    .onConflictDoNothing()
    .returning({ id: cmi5Satisfied.activityId });
  if (inserted.length === 0) return [];

  // The AUs of the course, with the blocks that hold them, and which the learner has satisfied.
  const courseAus = await tx
    .select({ activityId: units.activityId, blocks: cmi5Units.blocks })
    .from(cmi5Units)
    .innerJoin(units, eq(units.id, cmi5Units.unitId))
    .where(eq(cmi5Units.courseActivityId, unit.courseActivityId));
  const done = new Set(
    (
      await tx
        .select({ activityId: cmi5Satisfied.activityId })
        .from(cmi5Satisfied)
        .where(
          and(
            eq(cmi5Satisfied.userId, key.userId),
            eq(cmi5Satisfied.registration, key.registration),
            inArray(cmi5Satisfied.activityId, [
              ...courseAus.map((a) => a.activityId),
              ...unit.blocks.map((b) => b.id),
              unit.courseActivityId,
            ]),
          ),
        )
    ).map((r) => r.activityId),
  );
  const candidates = [
    // Innermost block first: a course is satisfied after its blocks.
    ...[...unit.blocks].reverse().map((b) => ({
      ...b,
      type: 'block' as const,
      aus: courseAus.filter((a) => a.blocks.some((x) => x.id === b.id)),
    })),
    {
      id: unit.courseActivityId,
      publisherId: unit.coursePublisherId,
      type: 'course' as const,
      aus: courseAus,
    },
  ];
  const statements: Json[] = [];
  for (const candidate of candidates) {
    if (done.has(candidate.id) || !candidate.aus.every((a) => done.has(a.activityId))) continue;
    await tx
      .insert(cmi5Satisfied)
      .values({ ...key, activityId: candidate.id, how: candidate.type, at: now })
      .onConflictDoNothing();
    statements.push(
      lmsStatement({
        verb: 'satisfied',
        actor: session.actor,
        registration: session.registration,
        sessionId: session.id,
        object: { id: candidate.id, type: candidate.type },
        publisherId: candidate.publisherId,
        timestamp: now,
      }),
    );
  }
  return statements;
}

/** Whether the learner has satisfied the AU (moveOn met, or waived) in the registration. */
export async function isAuSatisfied(
  tx: Executor,
  key: { userId: string; registration: string; activityId: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ how: cmi5Satisfied.how })
    .from(cmi5Satisfied)
    .where(
      and(
        eq(cmi5Satisfied.userId, key.userId),
        eq(cmi5Satisfied.registration, key.registration),
        eq(cmi5Satisfied.activityId, key.activityId),
      ),
    );
  return row !== undefined;
}

/**
 * A new launch of the AU in the registration abandons the sessions left open (cmi5 9.3.6): they
 * end, refuse any further statement, and an "abandoned" statement says how long they lasted.
 */
export async function abandonOpenSessions(
  tx: Executor,
  key: { userId: string; unitId: string; registration: string; publisherId: string },
  now: Date,
): Promise<Json[]> {
  const open = await tx
    .update(cmi5Sessions)
    .set({ endedAt: now, endedBy: 'abandoned' })
    .where(
      and(
        eq(cmi5Sessions.userId, key.userId),
        eq(cmi5Sessions.unitId, key.unitId),
        eq(cmi5Sessions.registration, key.registration),
        isNull(cmi5Sessions.endedAt),
      ),
    )
    .returning();
  const [unit] = await tx
    .select({ activityId: units.activityId })
    .from(units)
    .where(eq(units.id, key.unitId));
  return open.map((session) =>
    lmsStatement({
      verb: 'abandoned',
      actor: session.actor,
      registration: session.registration,
      sessionId: session.id,
      object: { id: unit!.activityId },
      publisherId: key.publisherId,
      result: {
        duration: durationBetween(session.launchedAt, session.lastStatementAt ?? session.launchedAt),
      },
      timestamp: now,
    }),
  );
}

/**
 * The moveOn criteria evaluated at registration (cmi5 9.6.1): an AU whose moveOn is NotApplicable
 * is done as soon as the learner is registered — at its first launch here.
 */
export async function satisfyNotApplicable(
  tx: Executor,
  session: Pick<Session, 'id' | 'userId' | 'unitId' | 'registration' | 'actor'>,
  unit: Cmi5Unit,
  auActivityId: string,
  now: Date,
): Promise<Json[]> {
  if (unit.moveOn !== 'NotApplicable') return [];
  const result: UnitResultRow = { success: null, completion: true, score: null };
  return satisfyAu(tx, session, unit, auActivityId, 'moveOn', 'completed', result, now);
}

/**
 * The LMS waives the AU for the learner (cmi5 9.3.7: e.g. "Administrative", "Tested Out"): a
 * "waived" statement in a session of its own, the AU counted as done for moveOn, and the blocks
 * and course it completes satisfied. A second waiver in the registration changes nothing.
 */
export async function waiveAu(
  tx: Executor,
  input: { userId: string; unitId: string; registration: string; actor: Json; reason: string },
  now: Date,
): Promise<Json[]> {
  const [row] = await tx
    .select({ unit: cmi5Units, activityId: units.activityId })
    .from(cmi5Units)
    .innerJoin(units, eq(units.id, cmi5Units.unitId))
    .where(eq(cmi5Units.unitId, input.unitId));
  if (!row) return [];
  const key = { userId: input.userId, registration: input.registration, activityId: row.activityId };
  if (await isAuSatisfied(tx, key)) return [];
  const session = { id: randomUUID(), ...input };
  const result = { success: true, completion: true, extensions: { [REASON_EXTENSION]: input.reason } };
  const waived = lmsStatement({
    verb: 'waived',
    actor: input.actor,
    registration: input.registration,
    sessionId: session.id,
    object: { id: row.activityId },
    publisherId: row.unit.publisherId,
    result,
    timestamp: now,
  });
  const unitResult: UnitResultRow = { success: true, completion: true, score: null };
  return [
    waived,
    ...(await satisfyAu(tx, session, row.unit, row.activityId, 'waived', 'completed', unitResult, now)),
  ];
}

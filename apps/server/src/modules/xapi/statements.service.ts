import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, arrayContains, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, messages } from '@medenglish/shared';
import type { Db, Executor } from '../../db/client.js';
import { xapiStatements } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import { isWithinActivity, type XapiCaller } from './credentials.js';
import {
  agentKey,
  relatedActivities,
  relatedAgents,
  normalizeStatement,
  StatementError,
  VOIDED_VERB,
  validateStatement,
} from './statement-rules.js';
import { applyUnitResults } from './unit-results.service.js';
import { guardCmi5Statements } from './cmi5-sessions.service.js';
import { inTransaction } from '../../db/transactions.js';
import type { Storage } from '../../integrations/storage/storage.js';
import { hasAttachments, matchAttachments } from './attachment-rules.js';
import { saveAttachments } from './attachments.service.js';
import type { Part } from './multipart.js';
import type { XapiVersion } from './versions.js';
import type { Json } from './json.js';

/** The authority the store writes on every statement it accepts (xAPI 4.1.9). */
export const LRS_AUTHORITY = {
  objectType: 'Agent',
  name: 'MedEnglish LRS',
  account: { homePage: 'https://medenglish.example', name: 'lrs' },
};

export const invalidStatement = (reason: string) =>
  new AppError(ErrorCode.VALIDATION, messages.xapi.invalid(reason));

const validate = (value: unknown, path: string, version: XapiVersion): Json =>
  rule(() => validateStatement(value, path, version));

function rule<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof StatementError) throw invalidStatement(error.message);
    throw error;
  }
}

/** A launch writes only as its learner, and only about its own activity. */
function authorizeWrite(caller: XapiCaller, statement: Json) {
  if (caller.kind === 'admin') return;
  const { scope } = caller;
  if (agentKey(statement.actor) !== scope.agentKey) throw forbidden();
  const object = statement.object as Json;
  if (object.objectType === 'StatementRef') throw forbidden();
  // A cmi5 AU's "cmi5 allowed" statements may be about its own activities (questions, pages)
  // under the publisher's ids: the cmi5 rules tie them to the session instead (cmi5 7.1.3).
  const anyActivity = scope.cmi5Session !== undefined;
  if (
    (object.objectType ?? 'Activity') === 'Activity' &&
    !anyActivity &&
    !isWithinActivity(scope, object.id as string)
  ) {
    throw forbidden();
  }
  const registration = (statement.context as Json | undefined)?.registration;
  if (registration !== undefined && registration !== scope.registration) throw forbidden();
}

/** Two statements with one id are the same when what was sent matches what is kept. */
function sameStatement(sent: Json, kept: Json): boolean {
  const ignore = new Set(['stored', 'authority', 'version', 'id']);
  for (const key of new Set([...Object.keys(sent), ...Object.keys(kept)])) {
    if (ignore.has(key)) continue;
    if (key === 'timestamp' && sent.timestamp === undefined) continue;
    if (!isDeepStrictEqual(sent[key], kept[key])) return false;
  }
  return true;
}

/**
 * POST / PUT /statements: validates every statement first, then stores them all in one
 * transaction (never a partial write), voids what voiding statements target, and updates the
 * learner's unit results. Answers the ids, in the order sent.
 */
export async function storeStatements(
  db: Db,
  caller: XapiCaller,
  body: unknown,
  now: Date,
  options: {
    /** The bodies of a multipart/mixed request, and where to keep them. */
    attachments?: { parts: Part[]; storage: Storage } | null;
    /** The request's xAPI version: its rules apply, and a statement without one is stored as it. */
    version?: XapiVersion;
  } = {},
): Promise<string[]> {
  const { attachments = null, version = '1.0.3' } = options;
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0) throw invalidStatement('the request holds no statement');
  if (list.length > 500) throw invalidStatement('at most 500 statements per request');
  const valid = list.map((s, i) =>
    validate(s, Array.isArray(body) ? `statements[${i}]` : 'statement', version),
  );
  // Attachment bodies are matched (and signatures checked) against the statements as sent; a
  // JSON request naming an attachment without a fileUrl lacks its part. The plain JSON write
  // without attachments skips all of it.
  const bodies =
    attachments || hasAttachments(valid) ? rule(() => matchAttachments(valid, attachments?.parts ?? [])) : [];
  const sent = valid.map((s) => normalizeStatement(s));
  sent.forEach((s) => authorizeWrite(caller, s));

  const ids = sent.map((s) => (s.id as string | undefined)?.toLowerCase() ?? randomUUID());
  if (new Set(ids).size !== ids.length) throw invalidStatement('two statements share one id');
  const stored = now.toISOString();
  const prepared: Json[] = sent.map((s, i) => ({
    ...s,
    id: ids[i]!,
    timestamp: s.timestamp ?? stored,
    stored,
    authority: LRS_AUTHORITY,
    version: s.version ?? (version === '2.0.0' ? '2.0.0' : '1.0.0'),
  }));
  const voidTargets = prepared
    .filter((s) => (s.verb as Json).id === VOIDED_VERB)
    .map((s) => ((s.object as Json).id as string).toLowerCase());

  const rows = prepared.map((s) => ({
    id: s.id as string,
    statement: s,
    actorKey: agentKey(s.actor) ?? `group:${randomUUID()}`,
    objectAgentKey: agentKey(s.object),
    refId: (s.object as Json).objectType === 'StatementRef' ? ((s.object as Json).id as string) : null,
    // A statement voided before it arrived (xAPI allows voiding an unknown id) is stored voided.
    voided: sql<boolean>`exists (select 1 from ${xapiStatements} where ${xapiStatements.refId} = ${s.id as string}::uuid and ${xapiStatements.verbId} = ${VOIDED_VERB})`,
    verbId: (s.verb as Json).id as string,
    activityId:
      ((s.object as Json).objectType ?? 'Activity') === 'Activity' ? ((s.object as Json).id as string) : null,
    relatedActivities: relatedActivities(s),
    relatedAgents: relatedAgents(s),
    registration: ((s.context as Json | undefined)?.registration as string | undefined) ?? null,
    userId: caller.kind === 'launch' ? caller.scope.userId : null,
    stored: now,
  }));

  // A cmi5 AU session (issue 18): its statements obey the cmi5 rules; the LMS's own statements
  // that follow from them ("satisfied") are stored after the AU's.
  const cmi5 = caller.kind === 'launch' && caller.scope.cmi5Session ? caller.scope : null;
  let lmsStatements: Json[] = [];
  const store = async (ex: Executor) => {
    // The cmi5 rules see the statements as sent: an id or timestamp the store fills in is not
    // one the AU gave (cmi5 9.1, 9.7).
    if (cmi5) lmsStatements = await guardCmi5Statements(ex, cmi5, sent, now);
    if (voidTargets.length > 0) {
      const targets = await ex
        .select({ verbId: xapiStatements.verbId })
        .from(xapiStatements)
        .where(inArray(xapiStatements.id, voidTargets));
      if (targets.some((t) => t.verbId === VOIDED_VERB)) {
        throw invalidStatement('a voiding statement cannot be voided');
      }
    }
    // Inserted unless the id is taken; a taken id is fine only for the very same statement.
    const inserted = new Set(
      (
        await ex
          .insert(xapiStatements)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: xapiStatements.id })
      ).map((r) => r.id),
    );
    const taken = ids.filter((id) => !inserted.has(id));
    if (taken.length > 0) {
      const kept = await ex
        .select({ id: xapiStatements.id, statement: xapiStatements.statement })
        .from(xapiStatements)
        .where(inArray(xapiStatements.id, taken));
      for (const row of kept) {
        if (!sameStatement(sent[ids.indexOf(row.id)]!, row.statement)) {
          throw new AppError(ErrorCode.CONFLICT, messages.xapi.conflict(row.id));
        }
      }
    }
    const fresh = prepared.filter((s) => inserted.has(s.id as string));
    const newVoids = fresh.filter((s) => (s.verb as Json).id === VOIDED_VERB);
    if (newVoids.length > 0) {
      const targets = newVoids.map((s) => ((s.object as Json).id as string).toLowerCase());
      await ex.update(xapiStatements).set({ voided: true }).where(inArray(xapiStatements.id, targets));
    }
    await applyUnitResults(ex, caller, fresh, now);
    return ids;
  };
  // The frequent request — one statement about a question, from a content frame — is a single
  // INSERT, atomic by itself; anything that writes twice runs in one transaction.
  const single =
    rows.length === 1 &&
    voidTargets.length === 0 &&
    caller.kind === 'launch' &&
    !cmi5 &&
    rows[0]!.activityId !== caller.scope.activityId;
  // Bodies first (by content hash, so writing one twice is harmless): a statement stored is
  // never without its attachment.
  if (bodies.length > 0) await saveAttachments(attachments!.storage, bodies);
  const answer = await (single ? store(db) : inTransaction(db, store));
  // The LMS's statements follow the AU's that triggered them: stored a millisecond later, so a
  // query by stored time (then id: their ids are time-ordered, cmi5-lms-statements.ts) always
  // lists them after it, in the order they were made (issue 34).
  if (lmsStatements.length > 0) {
    await storeStatements(db, { kind: 'admin' }, lmsStatements, new Date(now.getTime() + 1));
  }
  return answer;
}

export interface StatementQuery {
  statementId?: string;
  voidedStatementId?: string;
  agent?: string;
  verb?: string;
  activity?: string;
  registration?: string;
  related_activities?: string;
  related_agents?: string;
  since?: string;
  until?: string;
  limit?: string;
  format?: string;
  attachments?: string;
  ascending?: string;
  cursor?: string;
}

export const MAX_PAGE = 200;

/** One statement by id (statementId), or the voided one (voidedStatementId); null when absent. */
export async function statementById(
  db: Executor,
  id: string,
  voided: boolean,
  caller: XapiCaller,
): Promise<Json | null> {
  const [row] = await db
    .select({
      statement: xapiStatements.statement,
      voided: xapiStatements.voided,
      actorKey: xapiStatements.actorKey,
    })
    .from(xapiStatements)
    .where(eq(xapiStatements.id, id.toLowerCase()));
  if (!row || row.voided !== voided) return null;
  if (caller.kind === 'launch' && row.actorKey !== caller.scope.agentKey) return null;
  return row.statement;
}

/**
 * The filters of GET /statements as SQL (xAPI 7.2.3), already validated. A statement matches when
 * it meets the criteria itself, or when it targets (StatementRef) one that does — a voiding
 * statement comes with what it voids (7.2.3 "filter conditions for StatementRefs"); since and
 * until apply to the statements returned.
 */
export function statementFilters(
  filters: {
    agent?: string;
    verb?: string;
    activity?: string;
    registration?: string;
    since?: Date;
    until?: Date;
  },
  related: { activities: boolean; agents: boolean },
): SQL[] {
  const criteria: SQL[] = [];
  if (filters.agent) {
    criteria.push(
      related.agents
        ? arrayContains(xapiStatements.relatedAgents, [filters.agent])
        : or(eq(xapiStatements.actorKey, filters.agent), eq(xapiStatements.objectAgentKey, filters.agent))!,
    );
  }
  if (filters.verb) criteria.push(eq(xapiStatements.verbId, filters.verb));
  if (filters.activity) {
    criteria.push(
      related.activities
        ? or(
            eq(xapiStatements.activityId, filters.activity),
            arrayContains(xapiStatements.relatedActivities, [filters.activity]),
          )!
        : eq(xapiStatements.activityId, filters.activity),
    );
  }
  if (filters.registration) criteria.push(eq(xapiStatements.registration, filters.registration));

  const where: SQL[] = [eq(xapiStatements.voided, false)];
  if (criteria.length > 0) {
    const own = and(...criteria)!;
    // In the subquery the table's columns name its own rows (the innermost scope).
    where.push(
      or(
        own,
        sql`${xapiStatements.refId} in (select ${xapiStatements.id} from ${xapiStatements} where ${own})`,
      )!,
    );
  }
  if (filters.since) where.push(gt(xapiStatements.stored, filters.since));
  if (filters.until) where.push(lte(xapiStatements.stored, filters.until));
  return where;
}

/** A page of statements and whether more follow; the cursor is the last (stored, id) seen. */
export async function statementPage(
  db: Executor,
  where: SQL[],
  limit: number,
  ascending: boolean,
  after: { stored: Date; id: string } | null,
): Promise<{ statements: Json[]; last: { stored: Date; id: string } | null }> {
  const conditions = [...where];
  if (after) {
    conditions.push(
      ascending
        ? sql`(${xapiStatements.stored}, ${xapiStatements.id}) > (${after.stored.toISOString()}::timestamptz, ${after.id}::uuid)`
        : sql`(${xapiStatements.stored}, ${xapiStatements.id}) < (${after.stored.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const order = ascending
    ? [asc(xapiStatements.stored), asc(xapiStatements.id)]
    : [desc(xapiStatements.stored), desc(xapiStatements.id)];
  const rows = await db
    .select({ statement: xapiStatements.statement, stored: xapiStatements.stored, id: xapiStatements.id })
    .from(xapiStatements)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page[page.length - 1]! : null;
  return { statements: page.map((r) => r.statement), last: last && { stored: last.stored, id: last.id } };
}

/**
 * format=ids (xAPI 7.2.3): agents and identified groups reduced to their identifier, anonymous
 * groups to their members' identifiers, activities and verbs to their id alone (`{ id }`).
 */
export function idsFormat(statement: Json): Json {
  const identity = (a: Json): Json => {
    const { name: _name, member, ...rest } = a;
    const anonymous = agentKey(a) === null;
    return anonymous && Array.isArray(member)
      ? { ...rest, member: member.map((m) => identity(m as Json)) }
      : rest;
  };
  const reduce = (s: Json): Json => {
    const out: Json = { ...s, actor: identity(s.actor as Json), verb: { id: (s.verb as Json).id } };
    const object = s.object as Json;
    if (object.objectType === 'Agent' || object.objectType === 'Group') out.object = identity(object);
    else if (object.objectType === undefined || object.objectType === 'Activity') {
      out.object = { id: object.id };
    } else if (object.objectType === 'SubStatement') out.object = reduce(object);
    if (s.authority) out.authority = identity(s.authority as Json);
    const context = s.context as Json | undefined;
    if (context) {
      const ca = context.contextActivities as Record<string, Json[]> | undefined;
      out.context = {
        ...context,
        ...(context.instructor ? { instructor: identity(context.instructor as Json) } : {}),
        ...(context.team ? { team: identity(context.team as Json) } : {}),
        ...(ca
          ? {
              contextActivities: Object.fromEntries(
                Object.entries(ca).map(([k, list]) => [k, list.map((a) => ({ id: a.id }))]),
              ),
            }
          : {}),
      };
    }
    return out;
  };
  return reduce(statement);
}

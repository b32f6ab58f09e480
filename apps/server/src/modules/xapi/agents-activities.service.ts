import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { xapiStatements } from '../../db/schema.js';
import type { Json } from './json.js';

/** How many statements about one activity are read to assemble its definition. */
const DEFINITION_STATEMENTS = 500;
/** How many of an agent's names the Person object lists. */
const PERSON_NAMES = 20;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merged property by property (language maps, extensions); anything else: the later wins. */
function merge(earlier: unknown, later: unknown): unknown {
  if (!isObject(earlier) || !isObject(later)) return later;
  const out: Json = { ...earlier };
  for (const [name, value] of Object.entries(later)) out[name] = merge(out[name], value);
  return out;
}

/**
 * GET /activities (xAPI 1.0.3 §7.5): the Activity as the statements that target it described it,
 * every definition merged in the order they were stored (both language descriptions of two
 * statements are kept). Never seen: the Activity with its id only.
 */
export async function activityObject(db: Executor, activityId: string): Promise<Json> {
  const rows = await db
    .select({ object: sql<Json>`${xapiStatements.statement}->'object'` })
    .from(xapiStatements)
    .where(eq(xapiStatements.activityId, activityId))
    .orderBy(asc(xapiStatements.stored), asc(xapiStatements.id))
    .limit(DEFINITION_STATEMENTS);
  let activity: Json | null = null;
  for (const { object } of rows) {
    if (!isObject(object) || (object.objectType !== undefined && object.objectType !== 'Activity')) continue;
    activity = activity ? (merge(activity, object) as Json) : object;
  }
  return activity ?? { objectType: 'Activity', id: activityId };
}

/**
 * GET /agents (xAPI 1.0.3 §7.6): the Person object of an agent — its identifier as asked, and the
 * names statements gave it as actor.
 */
export async function personObject(db: Executor, agent: Json, agentKey: string): Promise<Json> {
  const rows = await db
    .selectDistinct({ name: sql<string>`${xapiStatements.statement}->'actor'->>'name'` })
    .from(xapiStatements)
    .where(
      and(
        eq(xapiStatements.actorKey, agentKey),
        isNotNull(sql`${xapiStatements.statement}->'actor'->>'name'`),
      ),
    )
    .limit(PERSON_NAMES);
  const names = new Set(rows.map((r) => r.name));
  if (typeof agent.name === 'string') names.add(agent.name);
  const person: Json = { objectType: 'Person' };
  if (names.size > 0) person.name = [...names];
  for (const ifi of ['mbox', 'mbox_sha1sum', 'openid', 'account']) {
    if (agent[ifi] !== undefined) person[ifi] = [agent[ifi]];
  }
  return person;
}

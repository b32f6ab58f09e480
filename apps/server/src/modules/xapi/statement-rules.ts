/**
 * Statement validation of xAPI 1.0.3 (Data, part two of the specification), and of 2.0 (IEEE
 * 9274.1.1) where it differs — the request's version is passed down (`version`): pure functions
 * that answer the first reason a statement is refused, or null. The LRS refuses a whole batch
 * when any statement in it is invalid, so nothing is ever half stored.
 */
import { isStatementVersion, type XapiVersion } from './versions.js';
import type { Json } from './json.js';

export class StatementError extends Error {}

const fail = (path: string, reason: string): never => {
  throw new StatementError(`${path}: ${reason}`);
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An absolute IRI: a scheme, then something. Spaces are never part of an IRI. */
const IRI = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
const IRL = /^https?:\/\/[^\s]+$/i;
/** RFC 5646 language tags: language, script, region, variants, extensions, private use. */
const LANGUAGE_TAG_SHAPE =
  /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?|x(?:-[a-z\d]{1,8})+|i-[a-z]{1,8}|en-GB-oed|sgn-(?:BE-FR|BE-NL|CH-DE)|art-lojban|cel-gaulish|no-(?:bok|nyn)|zh-(?:guoyu|hakka|min|min-nan|xiang))$/i;
/** An extension singleton appears once only ("ar-a-aaa-b-bbb-a-ccc" is not a tag). */
export const isLanguageTag = (tag: string) =>
  LANGUAGE_TAG_SHAPE.test(tag) && !/(?:^|-)([a-wyz\d])-.*-\1-/i.test(`${tag.split(/-x-/i)[0]}-`);
const SHA1 = /^[0-9a-f]{40}$/i;
/** ISO 8601 date-time; one without a time zone is read as UTC (xAPI: a zone SHOULD be given). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
/** ISO 8601 durations: weeks stand alone (`P4W`), never mixed with other units (`P4W1D`). */
const DURATION =
  /^P(?:\d+(?:\.\d+)?W|(?!$)(?:\d+(?:\.\d+)?Y)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?D)?(?:T(?!$)(?:\d+(?:\.\d+)?H)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?S)?)?)$/;

export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';
const INTERACTION_TYPES = new Set([
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
]);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function object(v: unknown, path: string): Json {
  if (!isObject(v)) fail(path, 'must be a JSON object');
  return v as Json;
}

function only(o: Json, allowed: readonly string[], path: string) {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) fail(`${path}.${key}`, 'is not a property xAPI allows here');
  }
}

function string(v: unknown, path: string): string {
  if (typeof v !== 'string') fail(path, 'must be a string');
  return v as string;
}

function iri(v: unknown, path: string) {
  if (!IRI.test(string(v, path))) fail(path, 'must be an absolute IRI');
}

function bool(v: unknown, path: string) {
  if (typeof v !== 'boolean') fail(path, 'must be true or false');
}

function uuid(v: unknown, path: string) {
  if (!UUID.test(string(v, path))) fail(path, 'must be a UUID');
}

/** A timestamp as a Date, reading one without a zone as UTC. */
export const parseTimestamp = (v: string) => new Date(/(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(v) ? v : `${v}Z`);

export function isTimestamp(v: string): boolean {
  if (!TIMESTAMP.test(v) || Number.isNaN(parseTimestamp(v).getTime())) return false;
  // "-00:00" is not allowed as an offset (xAPI 1.0.3, 4.5 Timestamp).
  return !/-00(?::?00)?$/.test(v);
}

function languageMap(v: unknown, path: string) {
  const entries = Object.entries(object(v, path));
  if (entries.length === 0) fail(path, 'a language map needs at least one entry');
  for (const [tag, text] of entries) {
    if (!isLanguageTag(tag)) fail(`${path}.${tag}`, 'is not an RFC 5646 language tag');
    string(text, `${path}.${tag}`);
  }
}

function extensions(v: unknown, path: string) {
  for (const key of Object.keys(object(v, path))) iri(key, `${path} key ${key}`);
}

/** Agent: exactly one inverse functional identifier (mbox, mbox_sha1sum, openid, account). */
function agent(v: unknown, path: string, objectTypeRequired = false) {
  const a = object(v, path);
  only(a, ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account'], path);
  if (objectTypeRequired || a.objectType !== undefined) {
    if (a.objectType !== 'Agent') fail(`${path}.objectType`, "must be 'Agent'");
  }
  if (a.name !== undefined) string(a.name, `${path}.name`);
  const ifis = inverseFunctionalIdentifiers(a, path);
  if (ifis !== 1) fail(path, 'an Agent must have exactly one of mbox, mbox_sha1sum, openid, account');
}

function inverseFunctionalIdentifiers(a: Json, path: string): number {
  let n = 0;
  if (a.mbox !== undefined) {
    n++;
    if (!/^mailto:[^\s@]+@[^\s@]+$/.test(string(a.mbox, `${path}.mbox`))) {
      fail(`${path}.mbox`, "must be a 'mailto:' IRI");
    }
  }
  if (a.mbox_sha1sum !== undefined) {
    n++;
    if (!SHA1.test(string(a.mbox_sha1sum, `${path}.mbox_sha1sum`))) {
      fail(`${path}.mbox_sha1sum`, 'must be a SHA-1 hex digest');
    }
  }
  if (a.openid !== undefined) {
    n++;
    iri(a.openid, `${path}.openid`);
  }
  if (a.account !== undefined) {
    n++;
    const account = object(a.account, `${path}.account`);
    only(account, ['homePage', 'name'], `${path}.account`);
    if (!IRL.test(string(account.homePage, `${path}.account.homePage`))) {
      fail(`${path}.account.homePage`, 'must be an IRL');
    }
    string(account.name, `${path}.account.name`);
  }
  return n;
}

function group(v: unknown, path: string) {
  const g = object(v, path);
  only(g, ['objectType', 'name', 'member', 'mbox', 'mbox_sha1sum', 'openid', 'account'], path);
  if (g.objectType !== 'Group') fail(`${path}.objectType`, "must be 'Group'");
  if (g.name !== undefined) string(g.name, `${path}.name`);
  const ifis = inverseFunctionalIdentifiers(g, path);
  if (ifis > 1) fail(path, 'a Group has at most one inverse functional identifier');
  if (g.member !== undefined || ifis === 0) {
    if (!Array.isArray(g.member)) fail(`${path}.member`, 'an anonymous Group must list its members');
    const members = g.member as unknown[];
    if (ifis === 0 && members.length === 0) fail(`${path}.member`, 'an anonymous Group needs members');
    members.forEach((m, i) => agent(m, `${path}.member[${i}]`));
  }
}

function actor(v: unknown, path: string) {
  if (isObject(v) && v.objectType === 'Group') group(v, path);
  else agent(v, path);
}

function interactionComponents(v: unknown, path: string) {
  if (!Array.isArray(v)) fail(path, 'must be an array');
  const ids = new Set<string>();
  (v as unknown[]).forEach((c, i) => {
    const component = object(c, `${path}[${i}]`);
    only(component, ['id', 'description'], `${path}[${i}]`);
    const id = string(component.id, `${path}[${i}].id`);
    if (ids.has(id)) fail(`${path}[${i}].id`, 'must be unique');
    ids.add(id);
    if (component.description !== undefined) languageMap(component.description, `${path}[${i}].description`);
  });
}

function activityDefinition(v: unknown, path: string) {
  const d = object(v, path);
  const components = ['choices', 'scale', 'source', 'target', 'steps'] as const;
  only(
    d,
    [
      'name',
      'description',
      'type',
      'moreInfo',
      'extensions',
      'interactionType',
      'correctResponsesPattern',
      ...components,
    ],
    path,
  );
  if (d.name !== undefined) languageMap(d.name, `${path}.name`);
  if (d.description !== undefined) languageMap(d.description, `${path}.description`);
  if (d.type !== undefined) iri(d.type, `${path}.type`);
  if (d.moreInfo !== undefined && !IRL.test(string(d.moreInfo, `${path}.moreInfo`))) {
    fail(`${path}.moreInfo`, 'must be an IRL');
  }
  if (d.extensions !== undefined) extensions(d.extensions, `${path}.extensions`);
  if (
    d.interactionType !== undefined &&
    !INTERACTION_TYPES.has(string(d.interactionType, `${path}.interactionType`))
  ) {
    fail(`${path}.interactionType`, 'is not an xAPI interaction type');
  }
  if (d.correctResponsesPattern !== undefined) {
    if (d.interactionType === undefined) fail(`${path}.correctResponsesPattern`, 'needs an interactionType');
    if (!Array.isArray(d.correctResponsesPattern))
      fail(`${path}.correctResponsesPattern`, 'must be an array');
    (d.correctResponsesPattern as unknown[]).forEach((p, i) =>
      string(p, `${path}.correctResponsesPattern[${i}]`),
    );
  }
  for (const key of components) {
    if (d[key] === undefined) continue;
    if (d.interactionType === undefined) fail(`${path}.${key}`, 'needs an interactionType');
    interactionComponents(d[key], `${path}.${key}`);
  }
}

function activity(v: unknown, path: string) {
  const a = object(v, path);
  only(a, ['objectType', 'id', 'definition'], path);
  if (a.objectType !== undefined && a.objectType !== 'Activity')
    fail(`${path}.objectType`, "must be 'Activity'");
  iri(a.id, `${path}.id`);
  if (a.definition !== undefined) activityDefinition(a.definition, `${path}.definition`);
}

function statementRef(v: unknown, path: string) {
  const r = object(v, path);
  only(r, ['objectType', 'id'], path);
  if (r.objectType !== 'StatementRef') fail(`${path}.objectType`, "must be 'StatementRef'");
  uuid(r.id, `${path}.id`);
}

function statementObject(v: unknown, path: string, inSubStatement: boolean, version: XapiVersion) {
  const o = object(v, path);
  switch (o.objectType) {
    case undefined:
    case 'Activity':
      return activity(o, path);
    case 'Agent':
      return agent(o, path, true);
    case 'Group':
      return group(o, path);
    case 'StatementRef':
      return statementRef(o, path);
    case 'SubStatement':
      if (inSubStatement) fail(path, 'a SubStatement cannot contain another SubStatement');
      return subStatement(o, path, version);
    default:
      return fail(`${path}.objectType`, 'is not an xAPI object type');
  }
}

function score(v: unknown, path: string) {
  const s = object(v, path);
  only(s, ['scaled', 'raw', 'min', 'max'], path);
  for (const key of ['scaled', 'raw', 'min', 'max'] as const) {
    if (s[key] !== undefined && (typeof s[key] !== 'number' || !Number.isFinite(s[key]))) {
      fail(`${path}.${key}`, 'must be a number');
    }
  }
  const { scaled, raw, min, max } = s as Record<string, number | undefined>;
  if (scaled !== undefined && (scaled < -1 || scaled > 1)) fail(`${path}.scaled`, 'must be between -1 and 1');
  if (min !== undefined && max !== undefined && min >= max) fail(`${path}.min`, 'must be less than max');
  if (raw !== undefined && min !== undefined && raw < min) fail(`${path}.raw`, 'must not be below min');
  if (raw !== undefined && max !== undefined && raw > max) fail(`${path}.raw`, 'must not be above max');
}

function result(v: unknown, path: string) {
  const r = object(v, path);
  only(r, ['score', 'success', 'completion', 'response', 'duration', 'extensions'], path);
  if (r.score !== undefined) score(r.score, `${path}.score`);
  if (r.success !== undefined) bool(r.success, `${path}.success`);
  if (r.completion !== undefined) bool(r.completion, `${path}.completion`);
  if (r.response !== undefined) string(r.response, `${path}.response`);
  if (r.duration !== undefined && !DURATION.test(string(r.duration, `${path}.duration`))) {
    fail(`${path}.duration`, 'must be an ISO 8601 duration');
  }
  if (r.extensions !== undefined) extensions(r.extensions, `${path}.extensions`);
}

function contextActivities(v: unknown, path: string) {
  const c = object(v, path);
  only(c, ['parent', 'grouping', 'category', 'other'], path);
  if (Object.keys(c).length === 0) fail(path, 'must hold parent, grouping, category or other');
  for (const [key, value] of Object.entries(c)) {
    const list = Array.isArray(value) ? value : [value];
    list.forEach((a, i) => activity(a, `${path}.${key}[${i}]`));
  }
}

const CONTEXT_PROPERTIES = [
  'registration',
  'instructor',
  'team',
  'contextActivities',
  'revision',
  'platform',
  'language',
  'statement',
  'extensions',
];
/** xAPI 2.0 adds agents and groups with the roles they played (IEEE 9274.1.1 §4.2.2.5). */
const CONTEXT_PROPERTIES_2 = [...CONTEXT_PROPERTIES, 'contextAgents', 'contextGroups'];

function relevantTypes(v: unknown, path: string) {
  if (!Array.isArray(v) || v.length === 0) fail(path, 'must be a non-empty array of IRIs');
  (v as unknown[]).forEach((t, i) => iri(t, `${path}[${i}]`));
}

/** contextAgents / contextGroups (xAPI 2.0): `{ objectType, agent | group, relevantTypes? }`. */
function contextMembers(v: unknown, path: string, kind: 'Agent' | 'Group') {
  if (!Array.isArray(v)) fail(path, 'must be an array');
  const member = kind === 'Agent' ? 'agent' : 'group';
  (v as unknown[]).forEach((entry, i) => {
    const at = `${path}[${i}]`;
    const e = object(entry, at);
    only(e, ['objectType', member, 'relevantTypes'], at);
    if (e.objectType !== `context${kind}`) fail(`${at}.objectType`, `must be "context${kind}"`);
    if (e[member] === undefined) fail(`${at}.${member}`, 'is required');
    if (kind === 'Agent') agent(e.agent, `${at}.agent`);
    else group(e.group, `${at}.group`);
    if (e.relevantTypes !== undefined) relevantTypes(e.relevantTypes, `${at}.relevantTypes`);
  });
}

function context(v: unknown, path: string, objectIsActivity: boolean, version: XapiVersion) {
  const c = object(v, path);
  only(c, version === '2.0.0' ? CONTEXT_PROPERTIES_2 : CONTEXT_PROPERTIES, path);
  if (c.contextAgents !== undefined) contextMembers(c.contextAgents, `${path}.contextAgents`, 'Agent');
  if (c.contextGroups !== undefined) contextMembers(c.contextGroups, `${path}.contextGroups`, 'Group');
  if (c.registration !== undefined) uuid(c.registration, `${path}.registration`);
  if (c.instructor !== undefined) actor(c.instructor, `${path}.instructor`);
  if (c.team !== undefined) group(c.team, `${path}.team`);
  if (c.contextActivities !== undefined) contextActivities(c.contextActivities, `${path}.contextActivities`);
  for (const key of ['revision', 'platform'] as const) {
    if (c[key] === undefined) continue;
    string(c[key], `${path}.${key}`);
    if (!objectIsActivity) fail(`${path}.${key}`, 'is allowed only when the object is an Activity');
  }
  if (c.language !== undefined && !isLanguageTag(string(c.language, `${path}.language`))) {
    fail(`${path}.language`, 'is not an RFC 5646 language tag');
  }
  if (c.statement !== undefined) statementRef(c.statement, `${path}.statement`);
  if (c.extensions !== undefined) extensions(c.extensions, `${path}.extensions`);
}

function verb(v: unknown, path: string) {
  const vb = object(v, path);
  only(vb, ['id', 'display'], path);
  iri(vb.id, `${path}.id`);
  if (vb.display !== undefined) languageMap(vb.display, `${path}.display`);
}

function attachments(v: unknown, path: string) {
  if (!Array.isArray(v)) fail(path, 'must be an array');
  (v as unknown[]).forEach((a, i) => {
    const at = object(a, `${path}[${i}]`);
    only(
      at,
      ['usageType', 'display', 'description', 'contentType', 'length', 'sha2', 'fileUrl'],
      `${path}[${i}]`,
    );
    iri(at.usageType, `${path}[${i}].usageType`);
    languageMap(at.display, `${path}[${i}].display`);
    if (at.description !== undefined) languageMap(at.description, `${path}[${i}].description`);
    string(at.contentType, `${path}[${i}].contentType`);
    if (!Number.isInteger(at.length)) fail(`${path}[${i}].length`, 'must be an integer');
    string(at.sha2, `${path}[${i}].sha2`);
    // Without a fileUrl the body travels in the request's multipart/mixed parts, matched by sha2
    // (attachment-rules.ts).
    if (at.fileUrl !== undefined) iri(at.fileUrl, `${path}[${i}].fileUrl`);
  });
}

function core(s: Json, path: string, inSubStatement: boolean, version: XapiVersion) {
  if (s.actor === undefined) fail(`${path}.actor`, 'is required');
  actor(s.actor, `${path}.actor`);
  if (s.verb === undefined) fail(`${path}.verb`, 'is required');
  verb(s.verb, `${path}.verb`);
  if (s.object === undefined) fail(`${path}.object`, 'is required');
  statementObject(s.object, `${path}.object`, inSubStatement, version);
  const objectType = (s.object as Json).objectType;
  if (s.result !== undefined) result(s.result, `${path}.result`);
  if (s.context !== undefined)
    context(s.context, `${path}.context`, objectType === undefined || objectType === 'Activity', version);
  if (s.timestamp !== undefined && !isTimestamp(string(s.timestamp, `${path}.timestamp`))) {
    fail(`${path}.timestamp`, 'must be an ISO 8601 date and time (a time zone other than -00:00)');
  }
  if (s.attachments !== undefined) attachments(s.attachments, `${path}.attachments`);
  if ((s.verb as Json).id === VOIDED_VERB && objectType !== 'StatementRef') {
    fail(`${path}.object`, 'a voiding statement must have a StatementRef object');
  }
}

function subStatement(v: Json, path: string, version: XapiVersion) {
  only(v, ['objectType', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'attachments'], path);
  core(v, path, true, version);
}

/** Throws a StatementError naming the first invalid property; returns the statement otherwise. */
export function validateStatement(v: unknown, path = 'statement', version: XapiVersion = '1.0.3'): Json {
  const s = object(v, path);
  only(
    s,
    [
      'id',
      'actor',
      'verb',
      'object',
      'result',
      'context',
      'timestamp',
      'stored',
      'authority',
      'version',
      'attachments',
    ],
    path,
  );
  if (s.id !== undefined) uuid(s.id, `${path}.id`);
  core(s, path, false, version);
  if (s.authority !== undefined) {
    actor(s.authority, `${path}.authority`);
    const authority = s.authority as Json;
    if (authority.objectType === 'Group') {
      const members = Array.isArray(authority.member) ? authority.member : [];
      if (inverseFunctionalIdentifiers(authority, `${path}.authority`) > 0 || members.length !== 2) {
        fail(`${path}.authority`, 'a Group authority is anonymous with exactly two Agent members');
      }
    }
  }
  if (s.version !== undefined && !isStatementVersion(string(s.version, `${path}.version`), version)) {
    fail(
      `${path}.version`,
      version === '2.0.0' ? 'must be a 1.0.x or 2.0.x version' : 'must be a 1.0.x version',
    );
  }
  if (s.stored !== undefined && !isTimestamp(string(s.stored, `${path}.stored`))) {
    fail(`${path}.stored`, 'must be an ISO 8601 date and time');
  }
  return s;
}

/** The canonical key of an agent or identified group: how filters and the State API match it. */
export function agentKey(v: unknown): string | null {
  if (!isObject(v)) return null;
  if (typeof v.mbox === 'string') return `mbox:${v.mbox.toLowerCase()}`;
  if (typeof v.mbox_sha1sum === 'string') return `sha1:${v.mbox_sha1sum.toLowerCase()}`;
  if (typeof v.openid === 'string') return `openid:${v.openid}`;
  if (isObject(v.account) && typeof v.account.homePage === 'string' && typeof v.account.name === 'string') {
    return `account:${v.account.homePage}|${v.account.name}`;
  }
  return null;
}

/** Parses an `agent` query parameter (JSON) into its key, or throws a StatementError. */
export function agentParameter(raw: string | undefined, name = 'agent'): string {
  if (raw === undefined) fail(name, 'is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw as string);
  } catch {
    return fail(name, 'must be a JSON Agent');
  }
  actor(parsed, name);
  const key = agentKey(parsed);
  if (!key) fail(name, 'must be an identified Agent');
  return key as string;
}

/** The activities (object, sub-statement object, context activities) a statement relates to. */
export function relatedActivities(s: Json): string[] {
  const ids = new Set<string>();
  const visit = (st: Json) => {
    const o = st.object as Json;
    if (o.objectType === undefined || o.objectType === 'Activity') ids.add(o.id as string);
    if (o.objectType === 'SubStatement') visit(o);
    const ca = (st.context as Json | undefined)?.contextActivities as Json | undefined;
    for (const value of Object.values(ca ?? {})) {
      for (const a of Array.isArray(value) ? value : [value]) ids.add((a as Json).id as string);
    }
  };
  visit(s);
  return [...ids];
}

/** The agents (actor, object agent, authority, instructor, team, group members) of a statement. */
export function relatedAgents(s: Json): string[] {
  const keys = new Set<string>();
  const add = (a: unknown) => {
    if (!isObject(a)) return;
    const key = agentKey(a);
    if (key) keys.add(key);
    if (Array.isArray(a.member)) a.member.forEach(add);
  };
  const visit = (st: Json) => {
    add(st.actor);
    const o = st.object as Json;
    if (o.objectType === 'Agent' || o.objectType === 'Group') add(o);
    if (o.objectType === 'SubStatement') visit(o);
    const c = st.context as Json | undefined;
    add(c?.instructor);
    add(c?.team);
    // xAPI 2.0's agents and groups of the context are related agents too.
    for (const e of Array.isArray(c?.contextAgents) ? (c.contextAgents as Json[]) : []) add(e.agent);
    for (const e of Array.isArray(c?.contextGroups) ? (c.contextGroups as Json[]) : []) add(e.group);
  };
  visit(s);
  add(s.authority);
  return [...keys];
}

/**
 * The statement as the store keeps it (xAPI 2.4.6.2): every contextActivities value an array,
 * UUIDs of statement references lower-cased, in the statement and its sub-statement.
 */
export function normalizeStatement<T extends Json>(statement: T): T {
  const normalizeCore = (s: Json): Json => {
    const out: Json = { ...s };
    const context = s.context as Json | undefined;
    if (context?.contextActivities) {
      const ca = context.contextActivities as Json;
      out.context = {
        ...context,
        contextActivities: Object.fromEntries(
          Object.entries(ca).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]),
        ),
      };
    }
    const object = s.object as Json;
    if (object.objectType === 'StatementRef')
      out.object = { ...object, id: (object.id as string).toLowerCase() };
    if (object.objectType === 'SubStatement') out.object = normalizeCore(object);
    return out;
  };
  return normalizeCore(statement) as T;
}

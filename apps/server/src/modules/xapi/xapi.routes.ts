import { jsonTooDeep, MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, messages } from '@medenglish/shared';
import type { Deps } from '../../deps.js';
import { ownCredentials, publicRoute } from '../../plugins/access-policy.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { canonicalFormat } from './canonical-format.js';
import { isWithinActivity, type XapiCaller, type XapiCredentials } from './credentials.js';
import { refuseLaunchDataChange } from './cmi5-launch-data.js';
import { LEARNER_PREFERENCES_PROFILE_ID, noteLearnerPreferencesRead } from './cmi5-sessions.service.js';
import { agentParameter, isTimestamp, parseTimestamp, StatementError, UUID } from './statement-rules.js';
import { deleteState, listStateIds, readState, writeState, type StateKey } from './state.service.js';
import {
  deleteProfile,
  listProfileIds,
  readProfile,
  writeProfile,
  type ProfileKey,
} from './profiles.service.js';
import { activityObject, personObject } from './agents-activities.service.js';
import { attachmentParts } from './attachments.service.js';
import { DEFAULT_VERSION, negotiateVersion, SUPPORTED_VERSIONS, type XapiVersion } from './versions.js';
import { boundaryOf, isMultipartMixed, parseMultipart, writeMultipart, type Part } from './multipart.js';
import {
  idsFormat,
  invalidStatement,
  MAX_PAGE,
  statementById,
  statementFilters,
  statementPage,
  storeStatements,
} from './statements.service.js';

/** The version an answer names when the request named none (/about, a 405). */
export const XAPI_VERSION = DEFAULT_VERSION;
/** A statement batch or a state document (Rise keeps its suspend data there). */
const XAPI_BODY_LIMIT = 2 * 1024 * 1024;
/** Statements sent with their attachment bodies (multipart/mixed): certificates, screenshots. */
export const XAPI_ATTACHMENTS_LIMIT = 16 * 1024 * 1024;
const IRI = /^[a-z][a-z0-9+.-]*:\S*$/i;

declare module 'fastify' {
  interface FastifyRequest {
    xapiCaller?: XapiCaller;
    xapiAlternate?: boolean;
    /** The version the request asked for (X-Experience-API-Version), once read. */
    xapiVersion?: XapiVersion;
  }
}

/** Form fields of the alternate request syntax that are headers of the request it stands for. */
const ALTERNATE_HEADERS = new Set([
  'authorization',
  'x-experience-api-version',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
]);
/** Headers of the real request that stand for the request meant when its form leaves them out. */
const FALLBACK_HEADERS = ['authorization', 'x-experience-api-version', 'if-match', 'if-none-match'] as const;
const FORWARDED_ANSWER_HEADERS = new Set([
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'date',
]);

/**
 * xAPI 1.0.3 alternate request syntax (for clients that can only send a cross-origin POST without
 * custom headers): `POST …?method=PUT` with a form holding the headers, the parameters and the
 * body (`content`). It is answered as the request it stands for, through the same routes.
 */
async function answerAlternate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  if (Object.keys(query).length !== 1)
    throw invalidStatement("with 'method', every other parameter goes in the form");
  const method = String(query.method).toUpperCase();
  if (!['GET', 'PUT', 'POST', 'DELETE'].includes(method))
    throw invalidStatement("'method' must be GET, PUT, POST or DELETE");
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
    throw invalidStatement("'method' requires an application/x-www-form-urlencoded body");
  }
  const form = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
  // The headers the form does not give are the request's own (a client may send its credentials
  // and version as real headers, xAPI 1.0.3 §1.3): the form's win when both are there.
  const headers: Record<string, string> = {};
  for (const name of FALLBACK_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const parameters = new URLSearchParams();
  let content: string | undefined;
  for (const [name, value] of form) {
    const lower = name.toLowerCase();
    if (ALTERNATE_HEADERS.has(lower)) {
      if (lower !== 'content-length') headers[lower] = value;
    } else if (name === 'content') content = value;
    else if (name === 'method') throw invalidStatement("'method' is given twice");
    else parameters.append(name, value);
  }
  // xAPI 2.0 dropped the alternate syntax (cross-origin clients send real headers, CORS).
  if (negotiateVersion(headers['x-experience-api-version']) === '2.0.0') {
    throw invalidStatement('the alternate request syntax is not part of xAPI 2.0');
  }
  // The content of a form is a statement or a document: JSON unless the form says otherwise.
  if (content !== undefined && headers['content-type'] === undefined)
    headers['content-type'] = 'application/json';
  const path = request.url.split('?')[0]!;
  const answer = await app.inject({
    method: method as 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: parameters.size > 0 ? `${path}?${parameters.toString()}` : path,
    headers,
    ...(content === undefined ? {} : { payload: content }),
  });
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !FORWARDED_ANSWER_HEADERS.has(name)) void reply.header(name, value);
  }
  return reply.status(answer.statusCode).send(answer.rawPayload);
}

type Query = Record<string, string>;

/**
 * Methods of each resource (xAPI 7): another method is 405, before credentials are asked for.
 * HEAD answers as GET does, without the body (Fastify's HEAD routes).
 */
const ALLOWED_METHODS: Record<string, string[]> = {
  '/statements': ['GET', 'HEAD', 'PUT', 'POST'],
  '/activities/state': ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
  '/about': ['GET', 'HEAD'],
  '/activities': ['GET', 'HEAD'],
  '/agents': ['GET', 'HEAD'],
  '/activities/profile': ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
  '/agents/profile': ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
};

/** Query parameters as single strings; unknown or repeated ones are refused (xAPI 7.0). */
function query(request: FastifyRequest, allowed: readonly string[]): Query {
  const out: Query = {};
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (!allowed.includes(name)) throw invalidStatement(`unexpected parameter '${name}'`);
    if (typeof value !== 'string') throw invalidStatement(`parameter '${name}' is given more than once`);
    out[name] = value;
  }
  return out;
}

const parameter = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    if (error instanceof StatementError) throw invalidStatement(error.message);
    throw error;
  }
};

function iriParameter(value: string | undefined, name: string): string | undefined {
  if (value !== undefined && !IRI.test(value)) throw invalidStatement(`${name} must be an IRI`);
  return value;
}
function uuidParameter(value: string | undefined, name: string): string | undefined {
  if (value !== undefined && !UUID.test(value)) throw invalidStatement(`${name} must be a UUID`);
  return value?.toLowerCase();
}
function timeParameter(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  if (!isTimestamp(value)) throw invalidStatement(`${name} must be an ISO 8601 timestamp`);
  return parseTimestamp(value);
}
function booleanParameter(value: string | undefined, name: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw invalidStatement(`${name} must be true or false`);
}

function jsonBody(body: unknown): unknown {
  if (!Buffer.isBuffer(body) || body.length === 0) throw invalidStatement('the body is empty');
  const text = body.toString('utf8');
  if (jsonTooDeep(text)) throw new AppError(ErrorCode.VALIDATION, messages.common.tooDeep(MAX_JSON_DEPTH));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(ErrorCode.VALIDATION, messages.xapi.badJson);
  }
}

const callerOf = (request: FastifyRequest): XapiCaller => request.xapiCaller!;

/**
 * The statements of a POST or PUT and the attachment parts that came with them: application/json
 * alone, or multipart/mixed with the statements first (xAPI 1.0.3 §1.5.2). Any other type is a 400.
 */
function statementBody(request: FastifyRequest): { body: unknown; parts: Part[] | null } {
  const contentType = request.headers['content-type'] ?? '';
  if (/^application\/json\s*(;|$)/i.test(contentType)) return { body: jsonBody(request.body), parts: null };
  if (!isMultipartMixed(contentType)) throw new AppError(ErrorCode.VALIDATION, messages.xapi.badContentType);
  const [first, ...parts] = parameter(() =>
    parseMultipart(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), boundaryOf(contentType)),
  );
  if (!/^application\/json\s*(;|$)/i.test(first!.headers['content-type'] ?? '')) {
    throw invalidStatement('the first multipart part holds the statements, as application/json');
  }
  return { body: jsonBody(first!.body), parts };
}

/**
 * The learning record store at /api/xapi (DESIGN; xAPI 1.0.3): statements, the State API and
 * /about. Content frames are sandboxed (an opaque origin), so every answer allows any origin —
 * safe because no cookie is involved: credentials travel in the Authorization header only.
 */
export function registerXapiRoutes(app: FastifyInstance, deps: Deps, credentials: XapiCredentials): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: XAPI_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // Statements with their attachment bodies: a larger cap, past which Fastify answers 413.
  app.addContentTypeParser(
    /^multipart\/mixed\b/i,
    { parseAs: 'buffer', bodyLimit: XAPI_ATTACHMENTS_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.addHook('onRequest', async (request, reply) => {
    void reply.headers({
      // Documents are data, never pages (issue 20): a State or Profile stored as text/html or SVG
      // keeps its type (the standard asks it) but is never rendered on our origin.
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'x-experience-api-version': XAPI_VERSION,
      'access-control-allow-origin': '*',
      'access-control-expose-headers':
        'ETag, Last-Modified, X-Experience-API-Version, X-Experience-API-Consistent-Through',
    });
    if (request.method === 'OPTIONS') return;
    const path = request.url
      .split('?')[0]!
      .replace(/^\/api\/xapi/, '')
      .replace(/\/$/, '');
    const allowed = ALLOWED_METHODS[path];
    if (allowed && !allowed.includes(request.method)) {
      throw new AppError(
        ErrorCode.METHOD_NOT_ALLOWED,
        messages.xapi.methodNotAllowed(allowed.join(', ')),
        undefined,
        {
          allow: allowed.join(', '),
        },
      );
    }
    if (path === '/statements' && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.header('x-experience-api-consistent-through', deps.clock.now().toISOString());
    }
    if (path === '/about') return;
    // Alternate request syntax: version and credentials travel in the form, read once parsed.
    if (request.method === 'POST' && (request.query as Record<string, unknown>).method !== undefined) {
      request.xapiAlternate = true;
      return;
    }
    const version = negotiateVersion(request.headers['x-experience-api-version']);
    if (!version) throw new AppError(ErrorCode.VALIDATION, messages.xapi.versionHeader);
    request.xapiVersion = version;
    void reply.header('x-experience-api-version', version);
    const caller = await credentials.verify(request.headers.authorization);
    if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, messages.xapi.unauthorized);
    request.xapiCaller = caller;
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.xapiAlternate) return answerAlternate(app, request, reply);
  });

  // CORS preflight of the content frame's requests (Authorization and version headers): public,
  // like /about (plugins/access-policy.ts PUBLIC_ROUTES); the hook above asks neither for credentials.
  const open = { config: { access: publicRoute() } };
  app.options('/*', open, async (_request, reply) =>
    reply
      .headers({
        'access-control-allow-methods': 'GET, PUT, POST, DELETE, OPTIONS',
        'access-control-allow-headers':
          'Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match',
        'access-control-max-age': '86400',
      })
      .status(204)
      .send(),
  );

  app.get('/about', open, async () => ({ version: SUPPORTED_VERSIONS }));

  const options = (request: FastifyRequest, parts: Part[] | null) => ({
    attachments: parts ? { parts, storage: deps.storage } : null,
    version: request.xapiVersion ?? DEFAULT_VERSION,
  });
  app.post('/statements', lrs, async (request) => {
    query(request, []);
    const { body, parts } = statementBody(request);
    return storeStatements(deps.db, callerOf(request), body, deps.clock.now(), options(request, parts));
  });

  // Every answer of the store says its version, a resource it does not provide included.
  app.setNotFoundHandler((_request, reply) =>
    reply
      .status(404)
      .header('x-experience-api-version', XAPI_VERSION)
      .send({ error: { code: ErrorCode.NOT_FOUND, message: messages.xapi.notProvided } }),
  );

  app.put('/statements', lrs, async (request, reply) => {
    const { statementId } = query(request, ['statementId']);
    const id = uuidParameter(statementId, 'statementId');
    if (!id) throw invalidStatement('statementId is required');
    const { body: statement, parts } = statementBody(request);
    if (typeof statement !== 'object' || statement === null || Array.isArray(statement)) {
      throw invalidStatement('PUT takes one statement');
    }
    const sentId = (statement as { id?: unknown }).id;
    if (sentId !== undefined && String(sentId).toLowerCase() !== id) {
      throw invalidStatement('the statement id differs from statementId');
    }
    await storeStatements(
      deps.db,
      callerOf(request),
      { ...statement, id },
      deps.clock.now(),
      options(request, parts),
    );
    return reply.status(204).send();
  });

  app.get('/statements', lrs, async (request, reply) => getStatements(request, reply, deps));

  registerStateRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerAgentsAndActivities(app, deps);
}

async function getStatements(request: FastifyRequest, reply: FastifyReply, deps: Deps) {
  const q = query(request, [
    'statementId',
    'voidedStatementId',
    'agent',
    'verb',
    'activity',
    'registration',
    'related_activities',
    'related_agents',
    'since',
    'until',
    'limit',
    'format',
    'attachments',
    'ascending',
    'cursor',
  ]);
  const caller = callerOf(request);
  if (q.format !== undefined && !['ids', 'exact', 'canonical'].includes(q.format)) {
    throw invalidStatement('format must be ids, exact or canonical');
  }
  const withAttachments = booleanParameter(q.attachments, 'attachments');
  // attachments=true: the answer is multipart/mixed, the JSON first, then the bodies its
  // statements name (xAPI 1.0.3 §2.5.2).
  const answer = async (result: Record<string, unknown>, statements: Record<string, unknown>[]) => {
    if (!withAttachments) return result;
    const parts = await attachmentParts(deps.storage, statements);
    const { contentType, body } = writeMultipart([
      { headers: { 'Content-Type': 'application/json' }, body: Buffer.from(JSON.stringify(result)) },
      ...parts,
    ]);
    return reply.header('content-type', contentType).send(body);
  };
  const present = (statement: Record<string, unknown>) =>
    q.format === 'ids'
      ? idsFormat(statement)
      : q.format === 'canonical'
        ? canonicalFormat(statement, request.headers['accept-language'])
        : statement;

  if (q.statementId !== undefined || q.voidedStatementId !== undefined) {
    const others = Object.keys(q).filter(
      (k) => !['statementId', 'voidedStatementId', 'format', 'attachments'].includes(k),
    );
    if (others.length > 0 || (q.statementId !== undefined && q.voidedStatementId !== undefined)) {
      throw invalidStatement('statementId and voidedStatementId take no other filter');
    }
    const voided = q.voidedStatementId !== undefined;
    const id = uuidParameter(
      voided ? q.voidedStatementId : q.statementId,
      voided ? 'voidedStatementId' : 'statementId',
    )!;
    const statement = await statementById(deps.db, id, voided, caller);
    if (!statement) throw notFound();
    void reply.header('last-modified', new Date(statement.stored as string).toUTCString());
    return answer(present(statement), [statement]);
  }

  let agent = q.agent === undefined ? undefined : parameter(() => agentParameter(q.agent));
  if (caller.kind === 'launch') {
    if (agent !== undefined && agent !== caller.scope.agentKey) throw forbidden();
    agent = caller.scope.agentKey;
  }
  // A whole number in decimal digits (not '1e3', '0x10' nor ''), cut to our page size (issue 32).
  if (q.limit !== undefined && !/^\d+$/.test(q.limit)) throw invalidStatement('limit must be a whole number');
  const limitValue = q.limit === undefined ? MAX_PAGE : Number(q.limit);
  const limit = limitValue === 0 ? MAX_PAGE : Math.min(limitValue, MAX_PAGE);
  const ascending = booleanParameter(q.ascending, 'ascending');
  const where = statementFilters(
    {
      agent,
      verb: iriParameter(q.verb, 'verb'),
      activity: iriParameter(q.activity, 'activity'),
      registration: uuidParameter(q.registration, 'registration'),
      since: timeParameter(q.since, 'since'),
      until: timeParameter(q.until, 'until'),
    },
    {
      activities: booleanParameter(q.related_activities, 'related_activities'),
      agents: booleanParameter(q.related_agents, 'related_agents'),
    },
  );
  const after = q.cursor === undefined ? null : readCursor(q.cursor);
  const { statements, last } = await statementPage(deps.db, where, limit, ascending, after);
  let more = '';
  if (last) {
    const next = new URLSearchParams({ ...q, cursor: writeCursor(last) });
    more = `/api/xapi/statements?${next.toString()}`;
  }
  return answer({ statements: statements.map(present), more }, statements);
}

const writeCursor = (last: { stored: Date; id: string }) =>
  Buffer.from(`${last.stored.toISOString()}|${last.id}`).toString('base64url');

function readCursor(cursor: string): { stored: Date; id: string } {
  const [stored, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!stored || !id || !isTimestamp(stored) || !UUID.test(id))
    throw invalidStatement('the more link is not valid');
  return { stored: new Date(stored), id };
}

/** The document key of a State API request, within what the caller may touch. */
function stateKey(request: FastifyRequest, q: Query): StateKey {
  const activityId = iriParameter(q.activityId, 'activityId');
  if (!activityId) throw invalidStatement('activityId is required');
  const agentKey = parameter(() => agentParameter(q.agent));
  const registration = uuidParameter(q.registration, 'registration');
  const caller = callerOf(request);
  if (caller.kind === 'launch') {
    if (agentKey !== caller.scope.agentKey || !isWithinActivity(caller.scope, activityId)) throw forbidden();
  }
  return { activityId, agentKey, registration, stateId: q.stateId };
}

// Every other LRS route is called with the LRS's own credentials (the onRequest hook of
// registerXapiRoutes), not with a learner's access token: the /api access policy knows them so.
const lrs = { config: { access: ownCredentials('xAPI Basic credentials, checked by the LRS') } };

const preconditions = (request: FastifyRequest) => ({
  ifMatch: request.headers['if-match'],
  ifNoneMatch: request.headers['if-none-match'],
});

function registerStateRoutes(app: FastifyInstance, deps: Deps) {
  const keyParameters = ['activityId', 'agent', 'registration', 'stateId'];

  app.get('/activities/state', lrs, async (request, reply) => {
    const q = query(request, [...keyParameters, 'since']);
    const key = stateKey(request, q);
    if (key.stateId === undefined) {
      return listStateIds(deps.db, key, timeParameter(q.since, 'since'));
    }
    const document = await readState(deps.db, key);
    if (!document) throw notFound();
    return sendDocument(reply, document);
  });

  const write = (mode: 'put' | 'post') => async (request: FastifyRequest, reply: FastifyReply) => {
    const q = query(request, keyParameters);
    const key = stateKey(request, q);
    if (key.stateId === undefined) throw invalidStatement('stateId is required');
    refuseLaunchDataChange(callerOf(request), key.stateId);
    const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const contentType = request.headers['content-type'] ?? 'application/octet-stream';
    const { etag } = await writeState(
      deps.db,
      { ...key, stateId: key.stateId },
      { content, contentType },
      mode,
      preconditions(request),
      deps.clock.now(),
      request.xapiVersion === '2.0.0',
    );
    return reply.header('etag', etag).status(204).send();
  };
  app.put('/activities/state', lrs, write('put'));
  app.post('/activities/state', lrs, write('post'));

  app.delete('/activities/state', lrs, async (request, reply) => {
    const q = query(request, keyParameters);
    refuseLaunchDataChange(callerOf(request), q.stateId);
    await deleteState(deps.db, stateKey(request, q), preconditions(request));
    return reply.status(204).send();
  });
}

/** A stored document: its bytes with their content type, ETag and date (State and Profiles). */
function sendDocument(
  reply: FastifyReply,
  document: { content: Buffer; contentType: string; etag: string; updatedAt: Date },
) {
  return reply
    .headers({
      'content-type': document.contentType,
      etag: document.etag,
      'last-modified': document.updatedAt.toUTCString(),
    })
    .send(document.content);
}

/** The `agent` parameter: its key and the Agent as sent (for /agents and the Agent Profile). */
function agentOf(q: Query): { key: string; agent: Record<string, unknown> } {
  const key = parameter(() => agentParameter(q.agent));
  return { key, agent: JSON.parse(q.agent!) as Record<string, unknown> };
}

/**
 * The Agent Profile (/agents/profile) and Activity Profile (/activities/profile) resources (xAPI
 * 1.0.3 §7.5, §7.6): documents kept like State ones, but a PUT over an existing one needs
 * If-Match or If-None-Match (409 otherwise). A launch reaches its own learner's agent profiles and
 * reads the profiles of its activity; it writes no activity profile (shared by every learner).
 */
function registerProfileRoutes(app: FastifyInstance, deps: Deps) {
  const profileKey = (request: FastifyRequest, kind: ProfileKey['kind'], write: boolean): ProfileKey => {
    const q = query(request, [
      kind === 'agent' ? 'agent' : 'activityId',
      'profileId',
      ...(request.method === 'GET' || request.method === 'HEAD' ? ['since'] : []),
    ]);
    const caller = callerOf(request);
    let subject: string;
    if (kind === 'agent') {
      subject = agentOf(q).key;
      if (caller.kind === 'launch' && subject !== caller.scope.agentKey) throw forbidden();
    } else {
      const activityId = iriParameter(q.activityId, 'activityId');
      if (!activityId) throw invalidStatement('activityId is required');
      if (caller.kind === 'launch' && (write || !isWithinActivity(caller.scope, activityId)))
        throw forbidden();
      subject = activityId;
    }
    return { kind, subject, ...(q.profileId === undefined ? {} : { profileId: q.profileId }) };
  };
  const withId = (key: ProfileKey): ProfileKey & { profileId: string } => {
    if (key.profileId === undefined) throw invalidStatement('profileId is required');
    return { ...key, profileId: key.profileId };
  };
  // cmi5 11.0: the learner preferences are the LMS's; an AU reads them and never writes or deletes
  // them (403 before any If-Match check, as the cmi5 LMS Test Suite expects, 11.0.0.0-5).
  const refusePreferencesChange = (request: FastifyRequest, key: ProfileKey) => {
    if (
      key.kind === 'agent' &&
      key.profileId === LEARNER_PREFERENCES_PROFILE_ID &&
      callerOf(request).kind === 'launch'
    )
      throw new AppError(ErrorCode.FORBIDDEN, messages.cmi5.learnerPreferencesReadOnly);
  };

  for (const kind of ['agent', 'activity'] as const) {
    const path = kind === 'agent' ? '/agents/profile' : '/activities/profile';
    app.get(path, lrs, async (request, reply) => {
      const key = profileKey(request, kind, false);
      if (key.profileId === undefined) {
        const since = timeParameter((request.query as Query).since, 'since');
        return listProfileIds(deps.db, key, since);
      }
      // cmi5 11.0: an AU session reading its learner preferences may then say "initialized".
      const caller = callerOf(request);
      if (kind === 'agent' && key.profileId === LEARNER_PREFERENCES_PROFILE_ID && caller.kind === 'launch') {
        if (caller.scope.cmi5Session) await noteLearnerPreferencesRead(deps.db, caller.scope.cmi5Session);
      }
      const document = await readProfile(deps.db, withId(key));
      if (!document) throw notFound();
      return sendDocument(reply, document);
    });
    const write = (mode: 'put' | 'post') => async (request: FastifyRequest, reply: FastifyReply) => {
      const key = withId(profileKey(request, kind, true));
      refusePreferencesChange(request, key);
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const contentType = request.headers['content-type'] ?? 'application/octet-stream';
      const { etag } = await writeProfile(
        deps.db,
        key,
        { content, contentType },
        mode,
        preconditions(request),
        deps.clock.now(),
      );
      return reply.header('etag', etag).status(204).send();
    };
    app.put(path, lrs, write('put'));
    app.post(path, lrs, write('post'));
    app.delete(path, lrs, async (request, reply) => {
      const key = withId(profileKey(request, kind, true));
      refusePreferencesChange(request, key);
      await deleteProfile(deps.db, key, preconditions(request));
      return reply.status(204).send();
    });
  }
}

/** GET /agents (a Person object) and GET /activities (the Activity as stored), xAPI 1.0.3 §7.5–7.6. */
function registerAgentsAndActivities(app: FastifyInstance, deps: Deps) {
  app.get('/agents', lrs, async (request) => {
    const { key, agent } = agentOf(query(request, ['agent']));
    const caller = callerOf(request);
    if (caller.kind === 'launch' && key !== caller.scope.agentKey) throw forbidden();
    return personObject(deps.db, agent, key);
  });
  app.get('/activities', lrs, async (request) => {
    const activityId = iriParameter(query(request, ['activityId']).activityId, 'activityId');
    if (!activityId) throw invalidStatement('activityId is required');
    const caller = callerOf(request);
    if (caller.kind === 'launch' && !isWithinActivity(caller.scope, activityId)) throw forbidden();
    return activityObject(deps.db, activityId);
  });
}

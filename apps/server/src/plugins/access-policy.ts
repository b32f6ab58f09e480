import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '@medenglish/shared';
import type { Deps } from '../deps.js';
import { groups, groupTeachers, placementTests } from '../db/schema.js';
import { forbidden, notFound } from '../lib/app-error.js';
import type { AccessClaims } from '../modules/auth/index.js';
import { isMember } from '../modules/groups/index.js';
import { isOwnEmail } from '../modules/students/index.js';
import { caller, createAuthenticate } from './authenticate.js';

/**
 * Who may call a route (issue 11, decision 0012). Every route under /api declares it in its
 * `config.access`, next to its schema, so a route reads top to bottom: path, who, what. A route
 * that declares nothing cannot be registered: access is denied unless a route says otherwise.
 *
 *   app.get('/group/user/:userId', { config: { access: allow(self('userId')) }, schema }, handler)
 *
 * Requirements are checked after the request is validated (a malformed id is a 400, as before),
 * and all of a route's requirements must hold; a refusal is 403 (404 for an object the caller
 * cannot reach: the same answer as an unknown id) and the handler never runs.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'credentials'; reason: string }
  | { kind: 'signed-in'; cookie: boolean; requirements: Requirement[] };

export interface Requirement {
  /** Read in the OpenAPI description ("self(userId)", "member of group(groupId)"). */
  readonly describe: string;
  /** How a refusal answers: 403, or 404 where an id must not be probed (objectOf). */
  readonly refusal?: 'forbidden' | 'not-found';
  check(context: CheckContext): boolean | Promise<boolean>;
}

interface CheckContext {
  claims: AccessClaims;
  request: FastifyRequest;
  deps: Deps;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/access-policy.ts); required on every /api route. */
    access?: Access;
  }
}

/**
 * The routes anyone may call without an access token (issue 11): the only exceptions to "signed
 * in", each with its reason. A route declaring `publicRoute()` must have its line here and every
 * line here must name a route, or the app does not start; the access table test calls each one
 * without a token. HEAD follows its GET.
 */
export const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/health': 'load balancers and monitors',
  'GET /api/health/live': 'the orchestrator asks whether the process answers',
  'GET /api/health/ready': 'the balancer asks whether the instance may take traffic',
  'GET /api/time': 'the server day, read before sign-in too',
  'GET /api/config/public': 'what the login page shows',
  'POST /api/student/login': 'signing in',
  'POST /api/refresh': 'the refresh token in the body is the credential',
  'POST /api/student/logout': 'the refresh token in the body is the credential',
  'POST /api/auth/forgot_password': 'forgotten password, signed out',
  'POST /api/forgotPassword': 'forgotten password, signed out',
  'PUT /api/resetPassword': 'the reset token in the body is the credential',
  'POST /api/student': 'sign-up with an access code',
  'POST /api/student/email': 'sign-up checks that the address is free',
  'POST /api/password/check': 'sign-up and reset check a new password before sending it',
  'POST /api/confirmation/:a/:b': 'the link of the confirmation e-mail, opened signed in or not',
  'GET /api/code/name/:code': 'the access code is looked up before sign-up',
  'GET /api/sso/:provider/start': 'single sign-on begins signed out',
  'GET /api/sso/:provider/callback': "the school's provider sends the browser back with its code",
  'POST /api/sso/exchange': 'the one-time code of the callback is the credential',
  'POST /api/sso/signup': "a first sign-on's one-time code is the credential",
  'GET /api/sso/:provider/logout': 'single logout, after the session has ended',
  'GET /api/xapi/about': 'the LRS version, asked before any credentials (xAPI 7.7)',
  'OPTIONS /api/xapi/*': "the CORS preflight of the content frame's LRS requests",
  'POST /api/cmi5/fetch/:token': "a cmi5 AU's one-time fetch URL: the token in the path is the credential",
  'OPTIONS /api/cmi5/fetch/:token': "the CORS preflight of a cmi5 AU's post to its fetch URL",
};

/**
 * The learning record store: the routes under this prefix that are not public answer its own
 * Basic credentials (`ownCredentials(reason)`), checked by the LRS itself; no route elsewhere may.
 */
export const OWN_CREDENTIALS_PREFIX = '/api/xapi/';

/** A route of PUBLIC_ROUTES: anyone may call it. */
export const publicRoute = (): Access => ({ kind: 'public' });

/** The learning record store: its own Basic credentials, checked by the LRS itself. */
export const ownCredentials = (reason: string): Access => ({ kind: 'credentials', reason });

/**
 * A signed-in caller meeting every requirement (none: any signed-in caller). `cookie` also
 * accepts the web app's `token` cookie instead of the Authorization header (SPEC §6).
 */
export function allow(...requirements: Requirement[]): Access {
  return { kind: 'signed-in', cookie: false, requirements };
}
export function allowWithCookie(...requirements: Requirement[]): Access {
  return { kind: 'signed-in', cookie: true, requirements };
}

/**
 * Where a route names a user, company, group or test: a path parameter ('userId') or a field of
 * the JSON body ('body.user').
 */
type Source = string;

function read(request: FastifyRequest, source: Source): string | null {
  const [from, key] = source.startsWith('body.') ? ['body', source.slice(5)] : ['params', source];
  const holder = (from === 'body' ? request.body : request.params) as Record<string, unknown> | undefined;
  const value = holder?.[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

// Ids are checked by the route's schema before the policy runs; this guards the SQL below from
// anything else a source might name.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const readId = (request: FastifyRequest, source: Source) => {
  const value = read(request, source);
  return value && UUID.test(value) ? value : null;
};

/** The user the route names is the caller. */
export const self = (source: Source): Requirement => ({
  describe: `self(${source})`,
  check: ({ claims, request }) => read(request, source) === claims.userId,
});

/** The company the route names is the caller's. */
export const ownCompany = (source: Source): Requirement => ({
  describe: `own company(${source})`,
  check: ({ claims, request }) => read(request, source) === claims.companyId,
});

/** The caller has one of these roles. */
export const role = (...roles: Role[]): Requirement => ({
  describe: `role ${roles.join(' or ')}`,
  check: ({ claims }) => roles.includes(claims.role),
});

/** The caller is a member of the group the route names. */
export const memberOf = (source: Source): Requirement => ({
  describe: `member of group(${source})`,
  async check({ claims, request, deps }) {
    const groupId = readId(request, source);
    return groupId !== null && isMember(deps.db, claims.userId, groupId);
  },
});

/**
 * Staff of the group the route names: a teacher who teaches it, a manager of its company, or an
 * admin of the platform.
 */
export const staffOfGroup = (source: Source): Requirement => ({
  describe: `staff of group(${source})`,
  async check({ claims, request, deps }) {
    if (claims.role === 'admin') return true;
    const groupId = readId(request, source);
    if (!groupId || claims.role === 'learner') return false;
    if (claims.role === 'manager') {
      const [row] = await deps.db
        .select({ one: sql`1` })
        .from(groups)
        .where(and(eq(groups.id, groupId), eq(groups.companyId, claims.companyId)));
      return row !== undefined;
    }
    const [row] = await deps.db
      .select({ one: sql`1` })
      .from(groupTeachers)
      .where(and(eq(groupTeachers.groupId, groupId), eq(groupTeachers.userId, claims.userId)));
    return row !== undefined;
  },
});

/** Staff of the company the route names: its manager, or an admin of the platform. */
export const staffOfCompany = (source: Source): Requirement => ({
  describe: `staff of company(${source})`,
  check: ({ claims, request }) =>
    claims.role === 'admin' || (claims.role === 'manager' && read(request, source) === claims.companyId),
});

/*
 * Platform content and company content (decision 0037). A glossary word or a webinar without a
 * company is the platform's: every signed-in caller reads it, an admin alone changes it. A
 * company's own content is read by its people and changed by its staff. Staff of a company: an
 * admin of the platform, the company's manager, or a teacher who teaches one of its groups (a
 * teacher's scope is the groups it teaches).
 */

/** The companies of the groups the teacher teaches, as a subquery. */
const taughtCompanies = (userId: string) =>
  sql`(select ${groups.companyId} from ${groupTeachers} inner join ${groups} on ${groups.id} = ${groupTeachers.groupId} where ${groupTeachers.userId} = ${userId})`;

/** Whether the caller is staff of the company (decision 0037). */
export async function isStaffOfCompany(
  deps: Deps,
  claims: AccessClaims,
  companyId: string,
): Promise<boolean> {
  if (claims.role === 'admin') return true;
  if (claims.role === 'manager') return companyId === claims.companyId;
  if (claims.role !== 'teacher') return false;
  const [row] = await deps.db
    .select({ one: sql`1` })
    .from(groupTeachers)
    .innerJoin(groups, eq(groups.id, groupTeachers.groupId))
    .where(and(eq(groupTeachers.userId, claims.userId), eq(groups.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

/**
 * For the statements that list or load content (decision 0037): the caller is staff of the company
 * in `column` — a condition, never null. An admin is staff of all content, the platform's too.
 */
export function staffOfCompanyIn(column: AnyPgColumn, claims: AccessClaims): SQL {
  if (claims.role === 'admin') return sql`true`;
  if (claims.role === 'manager') return sql`coalesce(${column} = ${claims.companyId}, false)`;
  if (claims.role === 'teacher') return sql`coalesce(${column} in ${taughtCompanies(claims.userId)}, false)`;
  return sql`false`;
}

/**
 * For the statements that list or load content (decision 0037): the caller reads the content whose
 * company is in `column` — the platform's, their own company's, or one they are staff of.
 */
export function readsContentOf(column: AnyPgColumn, claims: AccessClaims): SQL {
  if (claims.role === 'admin') return sql`true`;
  return sql`(${column} is null or ${column} = ${claims.companyId} or ${staffOfCompanyIn(column, claims)})`;
}

/**
 * Staff of the company that the content the route names belongs to (decision 0037). `companyOf`,
 * a resolver of the module that owns the content, answers its company: null for platform content,
 * which only an admin changes, or undefined when the id names nothing yet — a new object, which the
 * route makes in the caller's own company (an admin's: the platform's). A refusal is 403: put it
 * after an `objectOf` that hides (404) what the caller does not even read.
 */
export const staffOfContent = (
  what: string,
  source: Source,
  companyOf: (deps: Deps, id: string) => Promise<string | null | undefined>,
): Requirement => ({
  describe: `staff of ${what}(${source}) (a new one: of own company)`,
  async check({ claims, request, deps }) {
    if (claims.role === 'admin') return true;
    const id = readId(request, source);
    if (!id || claims.role === 'learner') return false;
    const company = await companyOf(deps, id);
    if (company === null) return false;
    return isStaffOfCompany(deps, claims, company ?? claims.companyId);
  },
});

/** Staff of their own company, where the route makes content of it (an admin: the platform's). */
export const staffOfOwnCompany = (): Requirement => ({
  describe: 'staff of own company',
  check: ({ claims, deps }) => isStaffOfCompany(deps, claims, claims.companyId),
});

/**
 * Staff of one of the groups that the object the route names belongs to (an exam pool: the groups
 * whose exam draws on it; decision 0037): a teacher who teaches one, a manager of the company of
 * one, or an admin. `groupsOf`, a resolver of the module that owns the object, answers those groups
 * (none for an unknown id). The id may be any text the route's schema accepts. A refusal is 403.
 */
export const staffOfGroupOf = (
  what: string,
  source: Source,
  groupsOf: (deps: Deps, id: string) => Promise<{ id: string; companyId: string }[]>,
): Requirement => ({
  describe: `staff of a group of ${what}(${source})`,
  async check({ claims, request, deps }) {
    if (claims.role === 'admin') return true;
    const id = read(request, source);
    if (!id || claims.role === 'learner') return false;
    const found = await groupsOf(deps, id);
    if (claims.role === 'manager') return found.some((g) => g.companyId === claims.companyId);
    if (found.length === 0) return false;
    const [row] = await deps.db
      .select({ one: sql`1` })
      .from(groupTeachers)
      .where(
        and(
          eq(groupTeachers.userId, claims.userId),
          inArray(
            groupTeachers.groupId,
            found.map((g) => g.id),
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
});

/** The e-mail address the route names is the caller's own (calls naming the learner twice). */
export const ownEmail = (source: Source): Requirement => ({
  describe: `own e-mail(${source})`,
  async check({ claims, request, deps }) {
    const email = read(request, source);
    return email !== null && isOwnEmail(deps.db, claims.userId, email);
  },
});

/** The placement test the route names is the caller's own. */
export const ownPlacementTest = (source: Source): Requirement => ({
  describe: `own placement test(${source})`,
  async check({ claims, request, deps }) {
    const testId = readId(request, source);
    if (!testId) return false;
    const [row] = await deps.db
      .select({ userId: placementTests.userId })
      .from(placementTests)
      .where(eq(placementTests.id, testId));
    return row?.userId === claims.userId;
  },
});

/**
 * The object the route names (a survey, a group's file…) is within the caller's reach, as the
 * module that owns the object decides: `reachable` loads it and answers false for an unknown id.
 * A refusal is 404, the answer to an unknown id, so that other ids cannot be probed.
 */
export const objectOf = (
  what: string,
  source: Source,
  reachable: (deps: Deps, id: string, claims: AccessClaims) => Promise<boolean>,
): Requirement => ({
  describe: `${what}(${source})`,
  refusal: 'not-found',
  async check({ claims, request, deps }) {
    const id = readId(request, source);
    return id !== null && reachable(deps, id, claims);
  },
});

/**
 * A requirement that the route's one SQL statement checks itself, declared here so that the route
 * and its description still say it: the hot reads and the heartbeat fold the membership (and
 * e-mail) test into their single prepared statement rather than pay a query more per call
 * (decision 0011). Checked there, not here — use it for nothing else; the access table test
 * proves that those routes refuse.
 */
export const inStatement = (requirement: Requirement): Requirement => ({
  describe: `${requirement.describe} [in the route's statement]`,
  check: () => true,
});

/** At least one of the requirements holds (for instance the learner themself, or their teacher). */
export const anyOf = (...requirements: Requirement[]): Requirement => ({
  describe: `(${requirements.map((r) => r.describe).join(' or ')})`,
  async check(context) {
    for (const requirement of requirements) if (await requirement.check(context)) return true;
    return false;
  },
});

/** Routes outside the API's own policy, by prefix: the OpenAPI description and its viewer. */
const DOCUMENTATION_PREFIX = '/api/docs';

function describeAccess(access: Access, publicReason: string | undefined): string {
  if (access.kind === 'public') return `public: ${publicReason}`;
  if (access.kind === 'credentials') return `credentials: ${access.reason}`;
  const who = access.requirements.map((r) => r.describe).join(' and ') || 'any signed-in caller';
  return `signed in${access.cookie ? ' (header or cookie)' : ''}: ${who}`;
}

/**
 * Registers the policy on the root instance, before any route: every /api route must declare its
 * access, a public route must be one of PUBLIC_ROUTES (and each of those must exist), a route
 * with its own credentials must be the LRS's (startup fails otherwise); signed-in routes
 * authenticate on request and check their requirements before the handler. The description lands
 * in the OpenAPI document. `options.publicRoutes` replaces the list (the policy's own tests).
 */
export function registerAccessPolicy(
  app: FastifyInstance,
  deps: Deps,
  options: { publicRoutes?: Readonly<Record<string, string>> } = {},
): void {
  const publicRoutes = options.publicRoutes ?? PUBLIC_ROUTES;
  const authenticate = createAuthenticate(deps);
  const authenticateWithCookie = createAuthenticate(deps, { cookie: true });
  const publicSeen = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith(DOCUMENTATION_PREFIX)) return;
    // HEAD routes Fastify derives from a GET share the GET's options (and hooks).
    const access = route.config?.access;
    const methods = toArray(route.method);
    if (!access) {
      throw new Error(`${methods.join(',')} ${route.url} declares no access (plugins/access-policy.ts)`);
    }
    // The line of PUBLIC_ROUTES the route answers to (a HEAD, its GET's); undefined when missing.
    let publicReason: string | undefined;
    if (access.kind === 'public') {
      for (const method of methods) {
        const key = `${method === 'HEAD' && publicRoutes[`GET ${route.url}`] ? 'GET' : method} ${route.url}`;
        publicReason = publicRoutes[key];
        if (publicReason === undefined) {
          throw new Error(
            `${method} ${route.url} is public but not in PUBLIC_ROUTES (plugins/access-policy.ts)`,
          );
        }
        publicSeen.add(key);
      }
    }
    if (access.kind === 'credentials' && !route.url.startsWith(OWN_CREDENTIALS_PREFIX)) {
      throw new Error(
        `${methods.join(',')} ${route.url}: only the LRS (${OWN_CREDENTIALS_PREFIX}) has its own credentials`,
      );
    }
    // Routes without a schema (the LRS's) are described too: who may call each is in the document.
    const description = describeAccess(access, publicReason);
    route.schema = {
      ...route.schema,
      description: route.schema?.description ? `${route.schema.description}\n\n${description}` : description,
      ...(access.kind === 'signed-in' ? { security: [{ token: [] }] } : { security: [] }),
    };
    if (access.kind !== 'signed-in') return;
    route.onRequest = [
      access.cookie ? authenticateWithCookie : authenticate,
      ...toArray(route.onRequest),
    ] as typeof route.onRequest;
    const { requirements } = access;
    if (requirements.length === 0) return;
    const enforce = async (request: FastifyRequest) => {
      const context = { claims: caller(request), request, deps };
      for (const requirement of requirements) {
        if (!(await requirement.check(context)))
          throw requirement.refusal === 'not-found' ? notFound() : forbidden();
      }
    };
    route.preHandler = [enforce, ...toArray(route.preHandler)] as typeof route.preHandler;
  });
  // A line of the list with no route behind it is an error too: the list says what is open.
  app.addHook('onReady', async () => {
    const gone = Object.keys(publicRoutes).filter((key) => !publicSeen.has(key));
    if (gone.length > 0) throw new Error(`PUBLIC_ROUTES names routes that do not exist: ${gone.join(', ')}`);
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@medenglish/shared';
import type { Deps } from '../deps.js';
import { groupMembers, groups, groupTeachers, placementTests } from '../db/schema.js';
import { forbidden } from '../lib/app-error.js';
import type { AccessClaims } from '../modules/auth/access-tokens.js';
import { caller, createAuthenticate } from './authenticate.js';

/**
 * Who may call a route (issue 11, decision 0012). Every route under /api declares it in its
 * `config.access`, next to its schema, so a route reads top to bottom: path, who, what. A route
 * that declares nothing cannot be registered: access is denied unless a route says otherwise.
 *
 *   app.get('/group/user/:userId', { config: { access: allow(self('userId')) }, schema }, handler)
 *
 * Requirements are checked after the request is validated (a malformed id is a 400, as before),
 * and all of a route's requirements must hold; a refusal is 403 and the handler never runs.
 */
export type Access =
  | { kind: 'public'; reason: string }
  | { kind: 'credentials'; reason: string }
  | { kind: 'signed-in'; cookie: boolean; requirements: Requirement[] };

export interface Requirement {
  /** Read in the OpenAPI description ("self(userId)", "member of group(groupId)"). */
  readonly describe: string;
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

/** A route anyone may call (login, sign-up, health…). The reason is kept in the description. */
export const publicRoute = (reason: string): Access => ({ kind: 'public', reason });

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
    if (!groupId) return false;
    const [row] = await deps.db
      .select({ one: sql`1` })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, claims.userId)));
    return row !== undefined;
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

export function describeAccess(access: Access): string {
  if (access.kind !== 'signed-in') return `${access.kind}: ${access.reason}`;
  const who = access.requirements.map((r) => r.describe).join(' and ') || 'any signed-in caller';
  return `signed in${access.cookie ? ' (header or cookie)' : ''}: ${who}`;
}

/**
 * Registers the policy on the root instance, before any route: every /api route must declare its
 * access (startup fails otherwise), signed-in routes authenticate on request and check their
 * requirements before the handler. The description lands in the OpenAPI document.
 */
export function registerAccessPolicy(app: FastifyInstance, deps: Deps): void {
  const authenticate = createAuthenticate(deps);
  const authenticateWithCookie = createAuthenticate(deps, { cookie: true });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith(DOCUMENTATION_PREFIX)) return;
    // HEAD routes Fastify derives from a GET share the GET's options (and hooks).
    const access = route.config?.access;
    if (!access) {
      throw new Error(`${route.method} ${route.url} declares no access (plugins/access-policy.ts)`);
    }
    if (route.schema) {
      const description = describeAccess(access);
      route.schema = {
        ...route.schema,
        description: route.schema.description ? `${route.schema.description}\n\n${description}` : description,
        ...(access.kind === 'signed-in' ? { security: [{ token: [] }] } : { security: [] }),
      };
    }
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
        if (!(await requirement.check(context))) throw forbidden();
      }
    };
    route.preHandler = [enforce, ...toArray(route.preHandler)] as typeof route.preHandler;
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

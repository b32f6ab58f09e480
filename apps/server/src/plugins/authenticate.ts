import type { FastifyRequest } from 'fastify';
import { ErrorCode, isMaintenanceDay, maintenanceMessage } from '@medenglish/shared';
import { AppError, unauthenticated } from '../lib/app-error.js';
import { today } from '../lib/clock.js';
import { readCookie } from '../lib/cookies.js';
import type { Deps } from '../deps.js';
import type { AccessClaims } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/**
 * onRequest hook of every signed-in route, added by the access policy (access-policy.ts): reads `Authorization: Token {token}` (SPEC §6),
 * verifies it, and during the maintenance window answers 503 so that signed-in learners are
 * logged out (SPEC §9 "forced logout between a configured start and end closing date").
 */
export function createAuthenticate(deps: Deps, options: { cookie?: boolean } = {}) {
  const window = { from: deps.config.MAINTENANCE_FROM, to: deps.config.MAINTENANCE_TO };
  return async function authenticate(request: FastifyRequest): Promise<void> {
    if (isMaintenanceDay(today(deps.clock, deps.config.TZ_DISPLAY), window)) {
      throw new AppError(ErrorCode.MAINTENANCE, maintenanceMessage(window));
    }
    const header = request.headers.authorization ?? '';
    const match = /^(?:Token|Bearer) (\S+)$/.exec(header);
    const token = match?.[1] ?? (options.cookie ? authCookie(request.headers.cookie) : null);
    const claims = token ? await deps.accessTokens.verify(token) : null;
    if (!claims) throw unauthenticated();
    request.auth = claims;
  };
}

/**
 * The `token` cookie the web app writes (SPEC §4). Only the read-only GET routes whose path ends
 * with an empty segment accept it, since SPEC §6 has the app send no Authorization header there;
 * the cookie is SameSite=Strict, so another site cannot make the browser send it.
 */
export function authCookie(cookieHeader: string | undefined): string | null {
  return readCookie(cookieHeader, 'token');
}

/** The caller, on a route behind `authenticate`. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

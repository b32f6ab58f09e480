import type { FastifyRequest } from 'fastify';
import { ErrorCode, isMaintenanceDay, maintenanceMessage } from '@medenglish/shared';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.js';
import { today } from '../lib/clock.js';
import type { Deps } from '../deps.js';
import type { AccessClaims } from '../modules/auth/access-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/**
 * onRequest hook of every authenticated route: reads `Authorization: Token {token}` (SPEC §6),
 * verifies it, and during the maintenance window answers 503 so that signed-in learners are
 * logged out (SPEC §9 "forced logout between a configured start and end closing date").
 */
export function createAuthenticate(deps: Deps) {
  const window = { from: deps.config.MAINTENANCE_FROM, to: deps.config.MAINTENANCE_TO };
  return async function authenticate(request: FastifyRequest): Promise<void> {
    if (isMaintenanceDay(today(deps.clock, deps.config.TZ_DISPLAY), window)) {
      throw new AppError(ErrorCode.MAINTENANCE, maintenanceMessage(window));
    }
    const header = request.headers.authorization ?? '';
    const match = /^(?:Token|Bearer) (\S+)$/.exec(header);
    const claims = match ? await deps.accessTokens.verify(match[1]!) : null;
    if (!claims) throw unauthenticated();
    request.auth = claims;
  };
}

/** The caller, on a route behind `authenticate`. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Every route that names a user id serves only the caller's own (DESIGN "Conventions"). */
export function assertSelf(request: FastifyRequest, userId: string): AccessClaims {
  const claims = caller(request);
  if (claims.userId !== userId) throw forbidden();
  return claims;
}

/** Company-scoped routes serve only the caller's company. */
export function assertOwnCompany(request: FastifyRequest, companyId: string): AccessClaims {
  const claims = caller(request);
  if (claims.companyId !== companyId) throw forbidden();
  return claims;
}

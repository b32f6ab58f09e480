import { count, desc, eq } from 'drizzle-orm';
import {
  ErrorCode,
  isMaintenanceDay,
  isRole,
  isSchoolSignOnEmail,
  LOGIN_BLOCKED_ANSWERS,
  maintenanceMessage,
  messages,
  type AuthData,
  type LoginBody,
} from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { companies, placementAnswers, placementTests, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { today } from '../../lib/clock.js';
import { schoolSignOnDomains } from '../../integrations/sso/sso-providers.js';
import type { Deps } from '../../deps.js';
import { verifyPassword } from './passwords.js';

/** The learner's latest placement test and how many answers it holds (SPEC §6 loginBlocked). */
export async function placementState(db: Db, userId: string) {
  const [test] = await db
    .select({ id: placementTests.id })
    .from(placementTests)
    .where(eq(placementTests.userId, userId))
    .orderBy(desc(placementTests.createdAt))
    .limit(1);
  if (!test) return { testId: null, answers: 0 };
  const [row] = await db
    .select({ n: count() })
    .from(placementAnswers)
    .where(eq(placementAnswers.testId, test.id));
  return { testId: test.id, answers: row?.n ?? 0 };
}

/** Tokens and SPEC §3 auth data for a user who has just proved who they are. */
export async function issueAuthData(
  deps: Deps,
  user: { id: string; companyId: string; codeId: string | null; testFinish: boolean; role: string },
  testId: string | null,
): Promise<AuthData> {
  const session = await deps.refreshTokens.issue(user.id);
  const token = await deps.accessTokens.sign({
    userId: user.id,
    companyId: user.companyId,
    role: isRole(user.role) ? user.role : 'learner',
    sessionId: session.familyId,
  });
  return {
    token,
    refreshToken: session.token,
    _id: user.id,
    codeId: user.codeId,
    testId,
    testFinish: user.testFinish,
  };
}

/**
 * SPEC §4 Login: success, wrong credentials, company blocked or maintenance; SPEC §5 refuses the
 * school identity-provider addresses. Failed attempts are limited per client address, and
 * attempts, reserved before the password check, per account and source (a known device, else the
 * address), in a store shared by every instance. Answers the auth data and the device cookie to
 * set (issue 20).
 */
export async function login(
  deps: Deps,
  body: LoginBody,
  client: { ip: string; cookie: string | undefined },
): Promise<{ auth: AuthData; deviceCookie: string }> {
  const { config, db, limits } = deps;
  const window = { from: config.MAINTENANCE_FROM, to: config.MAINTENANCE_TO };
  if (isMaintenanceDay(today(deps.clock, config.TZ_DISPLAY), window)) {
    throw new AppError(ErrorCode.MAINTENANCE, maintenanceMessage(window));
  }
  if (isSchoolSignOnEmail(body.email, schoolSignOnDomains(config))) {
    throw new AppError(ErrorCode.SSO_BLOCKED, messages.login.ssoBlocked);
  }
  // The address's failures are read, not counted: sign-ins in flight and successes never add up
  // against a campus behind one address; the account's budget below is reserved before the
  // password check (limits.ts says why the two differ, issue 32).
  await limits.checkFailures('login', client.ip);
  const device = deps.deviceCookies.deviceOf(client.cookie, body.email);
  const source = device ? { device } : { ip: client.ip };
  await limits.reserveLoginAttempt(body.email, source);

  const [row] = await db
    .select({ user: users, loginBlocked: companies.loginBlocked })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, body.email));
  if (!(await verifyPassword(row?.user.passwordHash, body.password)) || !row) {
    await limits.failed('login', client.ip);
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, messages.login.invalidCredentials);
  }
  await limits.loginSucceeded(body.email, source);
  // An account the platform suspended: the same answer as a school's block (contact the school).
  if (row.user.blockedAt) throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  const placement = await placementState(db, row.user.id);
  if (row.loginBlocked && placement.answers >= LOGIN_BLOCKED_ANSWERS) {
    throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  }
  return {
    auth: await issueAuthData(deps, row.user, placement.testId),
    deviceCookie: deps.deviceCookies.issue(body.email),
  };
}

/**
 * Whether a user may still be signed in (issue 20): the same rules as a sign-in — not during the
 * maintenance window, not once their school is blocked with the placement answers of SPEC §6 —
 * checked at each refresh, so a session ends when access ends instead of living on for a year.
 */
export async function assertMaySignIn(deps: Deps, userId: string): Promise<void> {
  const window = { from: deps.config.MAINTENANCE_FROM, to: deps.config.MAINTENANCE_TO };
  if (isMaintenanceDay(today(deps.clock, deps.config.TZ_DISPLAY), window)) {
    throw new AppError(ErrorCode.MAINTENANCE, maintenanceMessage(window));
  }
  const [row] = await deps.db
    .select({ loginBlocked: companies.loginBlocked, blockedAt: users.blockedAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.REFRESH_INVALID, messages.common.unauthenticated);
  if (row.blockedAt) throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  if (row.loginBlocked && (await placementState(deps.db, userId)).answers >= LOGIN_BLOCKED_ANSWERS) {
    throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  }
}

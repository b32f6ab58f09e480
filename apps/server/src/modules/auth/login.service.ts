import { count, desc, eq } from 'drizzle-orm';
import {
  ErrorCode,
  isMaintenanceDay,
  isRole,
  isSsoBlockedEmail,
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
  const [token, refreshToken] = await Promise.all([
    deps.accessTokens.sign({
      userId: user.id,
      companyId: user.companyId,
      role: isRole(user.role) ? user.role : 'learner',
    }),
    deps.refreshTokens.issue(user.id),
  ]);
  return { token, refreshToken, _id: user.id, codeId: user.codeId, testId, testFinish: user.testFinish };
}

/**
 * SPEC §4 Login: success, wrong credentials, company blocked or maintenance; SPEC §5 refuses the
 * school identity-provider addresses. Attempts are limited per client address and failures per
 * e-mail address, in a store shared by every instance.
 */
export async function login(deps: Deps, body: LoginBody, ip: string): Promise<AuthData> {
  const { config, db, limits } = deps;
  const window = { from: config.MAINTENANCE_FROM, to: config.MAINTENANCE_TO };
  if (isMaintenanceDay(today(deps.clock, config.TZ_DISPLAY), window)) {
    throw new AppError(ErrorCode.MAINTENANCE, maintenanceMessage(window));
  }
  if (isSsoBlockedEmail(body.email, config.SSO_BLOCKED_DOMAIN)) {
    throw new AppError(ErrorCode.SSO_BLOCKED, messages.login.ssoBlocked);
  }
  await limits.attempt('login', ip);
  await limits.reserveLoginAttempt(body.email);

  const [row] = await db
    .select({ user: users, loginBlocked: companies.loginBlocked })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, body.email));
  if (!(await verifyPassword(row?.user.passwordHash, body.password)) || !row) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, messages.login.invalidCredentials);
  }
  await limits.loginSucceeded(body.email);
  await limits.succeeded('login', ip);
  const placement = await placementState(db, row.user.id);
  if (row.loginBlocked && placement.answers >= LOGIN_BLOCKED_ANSWERS) {
    throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  }
  return issueAuthData(deps, row.user, placement.testId);
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
    .select({ loginBlocked: companies.loginBlocked })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.REFRESH_INVALID, messages.common.unauthenticated);
  if (row.loginBlocked && (await placementState(deps.db, userId)).answers >= LOGIN_BLOCKED_ANSWERS) {
    throw new AppError(ErrorCode.COMPANY_BLOCKED, messages.login.companyBlocked);
  }
}

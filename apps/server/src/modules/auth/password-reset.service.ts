import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode, isSchoolSignOnEmail, messages } from '@medenglish/shared';
import { passwordResetTokens, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newOpaqueToken } from '../../lib/tokens.js';
import { schoolSignOnDomains } from '../../integrations/sso/sso-providers.js';
import type { Deps } from '../../deps.js';
import { hashPassword } from './passwords.js';
import { assertStrongPassword } from './password-strength.js';
import { inTransaction } from '../../db/transactions.js';
import { PermanentJobError } from '../../integrations/jobs/jobs.js';

/** SPEC: reset tokens are single use and valid one hour. */
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function assertPasswordChangeAllowed(deps: Deps, email: string): void {
  if (isSchoolSignOnEmail(email, schoolSignOnDomains(deps.config))) {
    throw new AppError(ErrorCode.SSO_BLOCKED, messages.forgot.microsoft);
  }
}

/** The job that looks the address up and, for an account, writes the link and its mail. */
export const PASSWORD_RESET_JOB = 'auth.password-reset';

/**
 * Sends the reset link `/?token=…` to the address. An unknown address gets the same answer as a
 * known one, and in the same time (issue 20): the request only queues a job — the same single
 * write whoever asks — and the job looks the address up, so neither the answer nor its delay
 * tells who has an account.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<string> {
  assertPasswordChangeAllowed(deps, email);
  await deps.limits.attempt('forgot', ip);
  await deps.jobs.enqueue(deps.db, PASSWORD_RESET_JOB, { email });
  return messages.forgot.sent;
}

/** The job's work: a link for an account, nothing for an unknown address. */
export function registerPasswordResetJob(deps: Deps): void {
  deps.jobs.register(PASSWORD_RESET_JOB, async (payload) => {
    const email = payload.email;
    if (typeof email !== 'string') throw new PermanentJobError('auth.password-reset without an email');
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) return;
    const token = newOpaqueToken();
    // The link and its mail stand or fall together; once queued, the mail is delivered even if
    // the mail server is down at this moment (integrations/mail).
    await inTransaction(deps.db, async (tx) => {
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_TTL_MS),
      });
      await deps.mailer.send(
        {
          to: email,
          subject: messages.mail.resetSubject,
          text: messages.mail.resetBody(`${deps.publicUrl}/?token=${encodeURIComponent(token)}`),
        },
        tx,
      );
    });
  });
}

/**
 * SPEC §5 reset errors: 400 'Invalid body' (schema), 404 'Token expired, please ask for a new
 * password' for an unknown, used or expired token, 500 'Server was unable to reset your password'
 * when the change cannot be stored. A successful reset ends every session of the learner.
 */
export async function resetPassword(
  deps: Deps,
  token: string,
  password: string,
  ip: string,
): Promise<string> {
  await deps.limits.attempt('reset', ip);
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!row) throw new AppError(ErrorCode.RESET_TOKEN_EXPIRED, messages.reset.tokenExpired);
  // Issue 20: not one of the passwords attackers try first (the link stays usable).
  await assertStrongPassword(password);
  const passwordHash = await hashPassword(password);
  try {
    const used = await inTransaction(deps.db, async (tx) => {
      // Claim the token inside the transaction: of two concurrent resets only one succeeds.
      const claimed = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (claimed.length === 0) return false;
      // The link reached the mailbox, which proves the address as the confirmation link does
      // (issue 32); every earlier session, a squatter's included, ends below.
      await tx
        .update(users)
        .set({ passwordHash, isVerified: true, updatedAt: now })
        .where(eq(users.id, row.userId));
      // Older links sent to the same learner stop working with this one.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
      await deps.refreshTokens.revokeAllOf(tx, row.userId);
      return true;
    });
    if (!used) throw new AppError(ErrorCode.RESET_TOKEN_EXPIRED, messages.reset.tokenExpired);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.INTERNAL, messages.reset.serverFailure);
  }
  return messages.reset.success;
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode, messages } from '@medenglish/shared';
import { emailConfirmationTokens, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newOpaqueToken } from '../../lib/tokens.js';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/transactions.js';

/** Not in the spec: a confirmation link stays valid for 7 days. */
const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Mails a confirmation link `/?confirm={userId}/{token}`; the web app posts it back. */
export async function sendConfirmationMail(deps: Deps, user: { id: string; email: string }): Promise<void> {
  const token = newOpaqueToken();
  await inTransaction(deps.db, async (tx) => {
    await tx.insert(emailConfirmationTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(deps.clock.now().getTime() + CONFIRMATION_TTL_MS),
    });
    await deps.mailer.send(
      {
        to: user.email,
        subject: messages.confirmation.subject,
        text: messages.mail.confirmBody(`${deps.publicUrl}/?confirm=${user.id}/${encodeURIComponent(token)}`),
      },
      tx,
    );
  });
}

/** POST /confirmation/{userId}/{token}: marks the address verified; the token works once. */
export async function confirmEmail(deps: Deps, userId: string, token: string): Promise<void> {
  const now = deps.clock.now();
  const confirmed = await inTransaction(deps.db, async (tx) => {
    const claimed = await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmationTokens.userId, userId),
          eq(emailConfirmationTokens.tokenHash, hashToken(token)),
          isNull(emailConfirmationTokens.usedAt),
          gt(emailConfirmationTokens.expiresAt, now),
        ),
      )
      .returning({ id: emailConfirmationTokens.id });
    if (claimed.length === 0) return false;
    await tx.update(users).set({ isVerified: true, updatedAt: now }).where(eq(users.id, userId));
    return true;
  });
  if (!confirmed) throw new AppError(ErrorCode.CONFIRMATION_INVALID, messages.confirmation.failed);
}

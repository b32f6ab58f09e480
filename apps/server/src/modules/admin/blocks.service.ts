import { eq, sql } from 'drizzle-orm';
import { LOGIN_BLOCKED_ANSWERS } from '@medenglish/shared';
import { companies, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import { notFound } from '../../lib/app-error.js';
import type { Deps } from '../../deps.js';

/**
 * Suspends or restores one account (issue 20). Suspending ends every session of the user at
 * once: refresh tokens revoked, access tokens refused within SESSION_REVOCATION_POLL_MS.
 */
export async function setUserBlocked(deps: Deps, userId: string, blocked: boolean) {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ blockedAt: blocked ? deps.clock.now() : null, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw notFound();
    if (blocked) await deps.refreshTokens.revokeAllOf(tx, userId);
    return { sessionsEnded: blocked ? 1 : 0 };
  });
}

/**
 * Blocks or opens a school's sign-ins (SPEC §6 loginBlocked). Blocking ends the sessions of the
 * learners it shuts out — those whose placement test holds LOGIN_BLOCKED_ANSWERS answers, as at
 * sign-in — at once; the others keep working, as they could still sign in.
 */
export async function setCompanyLoginBlocked(deps: Deps, companyId: string, loginBlocked: boolean) {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ loginBlocked })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id });
    if (!row) throw notFound();
    if (!loginBlocked) return { sessionsEnded: 0 };
    const shutOut = await tx.execute<{ id: string }>(sql`
      SELECT u.id FROM users u
      WHERE u.company_id = ${companyId}
        AND (SELECT count(*) FROM placement_answers a
             WHERE a.test_id = (SELECT t.id FROM placement_tests t WHERE t.user_id = u.id
                                ORDER BY t.created_at DESC LIMIT 1)) >= ${LOGIN_BLOCKED_ANSWERS}`);
    for (const { id } of shutOut.rows) await deps.refreshTokens.revokeAllOf(tx, id);
    return { sessionsEnded: shutOut.rows.length };
  });
}

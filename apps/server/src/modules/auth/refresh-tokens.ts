import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, newOpaqueToken } from '../../lib/tokens.js';
import { inTransaction } from '../../db/transactions.js';
import type { SessionRevocations } from './session-revocations.js';

/** The refresh cookie lives 365 days (SPEC §9); the token itself as long at most. */
const ABSOLUTE_LIFETIME_MS = 365 * 24 * 3600 * 1000;
/**
 * Two tabs that refresh at the same moment both present the same token: the second one, within
 * this grace period, gets a successor instead of being treated as a stolen-token replay. Only one
 * such reuse is served per token.
 */
export const ROTATION_GRACE_MS = 60_000;

export type RefreshOutcome =
  | { ok: true; userId: string; companyId: string; role: string; token: string; familyId: string }
  | { ok: false };

/**
 * A session is a refresh-token family. Ending sessions here also ends their access tokens
 * (`revocations`, issue 20), so no caller can revoke one without the other.
 */
export function createRefreshTokens(
  db: Db,
  clock: Clock,
  idleDays: number,
  revocations: Pick<SessionRevocations, 'revokeUser' | 'revokeSession'>,
) {
  const idleMs = idleDays * 24 * 3600 * 1000;

  async function insert(tx: Executor, userId: string, familyId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await tx.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_LIFETIME_MS),
    });
    return token;
  }

  async function revokeFamily(tx: Executor, familyId: string) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    /** A new family — a new session — at login or sign-up. */
    async issue(userId: string): Promise<{ token: string; familyId: string }> {
      const familyId = randomUUID();
      return { token: await insert(db, userId, familyId), familyId };
    },

    /**
     * Rotates a refresh token: the presented token is replaced by a successor. Unknown, revoked,
     * expired (365 days) or idle (unused for REFRESH_IDLE_DAYS) tokens fail; a replaced token
     * presented again after the grace period revokes its whole family.
     */
    async rotate(email: string, token: string): Promise<RefreshOutcome> {
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .select({ token: refreshTokens, email: users.email, companyId: users.companyId, role: users.role })
          .from(refreshTokens)
          .innerJoin(users, eq(users.id, refreshTokens.userId))
          .where(eq(refreshTokens.tokenHash, hashToken(token)))
          .for('update', { of: refreshTokens });
        if (!row || row.token.revokedAt || row.email !== email) return { ok: false } as const;
        const now = clock.now();
        const t = row.token;
        if (t.expiresAt <= now || now.getTime() - t.lastUsedAt.getTime() > idleMs) {
          await revokeFamily(tx, t.familyId);
          return { ok: false } as const;
        }
        if (t.replacedAt) {
          if (now.getTime() - t.replacedAt.getTime() > ROTATION_GRACE_MS) {
            await revokeFamily(tx, t.familyId);
            return { ok: false } as const;
          }
          // The second tab's refresh: served once, then this token is spent for good.
          await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, t.id));
        } else {
          await tx
            .update(refreshTokens)
            .set({ replacedAt: now, lastUsedAt: now })
            .where(eq(refreshTokens.id, t.id));
        }
        const successor = await insert(tx, t.userId, t.familyId);
        return {
          ok: true,
          userId: t.userId,
          companyId: row.companyId,
          role: row.role,
          token: successor,
          familyId: t.familyId,
        } as const;
      });
    },

    /**
     * Server logout: the token's family stops working. Unknown tokens are ignored; the session
     * ended is returned so that its access tokens can be ended too.
     */
    async revoke(tx: Executor, token: string): Promise<{ userId: string; familyId: string } | null> {
      const [row] = await tx
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!row) return null;
      await revokeFamily(tx, row.familyId);
      await revocations.revokeSession(tx, row.userId, row.familyId);
      return row;
    },

    /** Every session of the user ends: password reset, account or school blocked. */
    async revokeAllOf(tx: Executor, userId: string): Promise<void> {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      await revocations.revokeUser(tx, userId);
    },

    /** Housekeeping: rows that can never be used again. */
    async purgeExpired(): Promise<void> {
      await db.execute(sql`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '7 days'`);
    },
  };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;

import { gt, lt } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { sessionRevocations } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

/** What an access token says of the session it belongs to. */
export interface SessionOfToken {
  userId: string;
  /** The refresh-token family the token was issued with; absent in tokens from before issue 20. */
  sessionId?: string;
  /** When the token was signed, in milliseconds. */
  issuedAtMs: number;
}

/**
 * When a token was signed, in milliseconds: its `ims` claim, or for a token without one the end
 * of its `iat` second (the later, the fewer old tokens outlive a revocation made in that second).
 */
export function signedAtMs(payload: { ims?: unknown; iat?: number }): number {
  return typeof payload.ims === 'number' ? payload.ims : ((payload.iat ?? 0) + 1) * 1000 - 1;
}

export interface SessionRevocations {
  /** Ends every session of a user: tokens signed before now stop working. */
  revokeUser(tx: Executor, userId: string): Promise<void>;
  /** Ends one session (logout): tokens of that refresh-token family signed before now. */
  revokeSession(tx: Executor, userId: string, sessionId: string): Promise<void>;
  /** Whether a valid token belongs to a session ended after it was signed. Memory only. */
  isRevoked(session: SessionOfToken): boolean;
  /** Reads the revocations other instances wrote since the last read. */
  sync(): Promise<void>;
  start(): void;
  stop(): void;
}

/**
 * Access tokens are stateless and live ACCESS_TOKEN_MINUTES; ending a session at once (issue 20:
 * within 60 seconds of a block, a password reset or a logout) needs a list of what was revoked.
 * Rather than one database read per request — a learner's heartbeat every 30 seconds is the hot
 * path — each instance keeps the recent revocations in memory and reads the new ones every
 * `pollMs` (one indexed query per instance, whatever the number of learners). A revocation
 * written here applies here at once; on the other instances within `pollMs`. Revocations older
 * than a token's lifetime cover no live token any more and are forgotten.
 */
export function createSessionRevocations(
  db: Db,
  clock: Clock,
  options: { tokenMinutes: number; pollMs: number },
): SessionRevocations {
  const lifetimeMs = options.tokenMinutes * 60_000;
  /** userId → when all their sessions were last ended. */
  const users = new Map<string, number>();
  /** sessionId → when that session was ended. */
  const sessions = new Map<string, number>();
  /** Where the next read starts; null before the first. */
  let readFrom: Date | null = null;
  let lastPurgeMs = 0;
  let timer: NodeJS.Timeout | null = null;
  let syncing: Promise<void> | null = null;

  const note = (map: Map<string, number>, key: string, atMs: number) => {
    if ((map.get(key) ?? 0) < atMs) map.set(key, atMs);
  };
  const forgetOld = () => {
    const horizon = clock.now().getTime() - lifetimeMs - 60_000;
    for (const map of [users, sessions]) for (const [key, at] of map) if (at < horizon) map.delete(key);
  };

  async function write(tx: Executor, userId: string, familyId: string | null) {
    const revokedAt = clock.now();
    await tx.insert(sessionRevocations).values({ userId, familyId, revokedAt });
    // Applied here at once, even before the transaction commits: if it rolls back, the learner's
    // next call refreshes its token, which the refresh token (not revoked) still allows.
    if (familyId) note(sessions, familyId, revokedAt.getTime());
    else note(users, userId, revokedAt.getTime());
  }

  async function readNew() {
    const now = clock.now();
    // Each read goes back a minute before the previous one: a revocation is stamped before its
    // transaction commits, so one committed just after a read is still found by the next.
    const from = readFrom ?? new Date(now.getTime() - lifetimeMs - 60_000);
    const rows = await db.select().from(sessionRevocations).where(gt(sessionRevocations.revokedAt, from));
    for (const row of rows) {
      if (row.familyId) note(sessions, row.familyId, row.revokedAt.getTime());
      else note(users, row.userId, row.revokedAt.getTime());
    }
    readFrom = new Date(now.getTime() - 60_000);
    forgetOld();
    // Housekeeping, at most hourly per instance: rows no live token is older than.
    if (now.getTime() - lastPurgeMs > 3_600_000) {
      lastPurgeMs = now.getTime();
      await purgeOldRevocations(db, clock, options.tokenMinutes);
    }
  }

  const sync = () => {
    // One read at a time; callers during a read share it.
    syncing ??= readNew().finally(() => (syncing = null));
    return syncing;
  };

  return {
    revokeUser: (tx, userId) => write(tx, userId, null),
    revokeSession: (tx, userId, sessionId) => write(tx, userId, sessionId),
    isRevoked({ userId, sessionId, issuedAtMs }) {
      const all = users.get(userId);
      // Strictly before: a token signed in the very millisecond of a revocation is taken for the
      // new sign-in that follows it (a password reset, then signing in), not for an old one.
      if (all !== undefined && issuedAtMs < all) return true;
      const one = sessionId ? sessions.get(sessionId) : undefined;
      return one !== undefined && issuedAtMs < one;
    },
    sync,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        sync().catch(() => {
          // A missed read (database restarting) is retried at the next tick; the revocations
          // already known keep applying meanwhile.
        });
      }, options.pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** Purges revocations that no live token can be older than (housekeeping job). */
export async function purgeOldRevocations(db: Db, clock: Clock, tokenMinutes: number): Promise<void> {
  const horizon = new Date(clock.now().getTime() - tokenMinutes * 60_000 - 3_600_000);
  await db.delete(sessionRevocations).where(lt(sessionRevocations.revokedAt, horizon));
}

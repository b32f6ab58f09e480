import { ErrorCode, messages } from '@medenglish/shared';
import { AppError } from '../../lib/app-error.js';
import type { Config } from '../../config.js';
import type { RateLimitStore } from './rate-limiter.js';

/**
 * Where a login attempt comes from, for its failure budget (issue 20): a device that signed in to
 * the account before (its device cookie), or else the client address.
 */
export type LoginSource = { device: string } | { ip: string };

/**
 * The limits of the auth calls: attempts per client address on sign-up, forgot password, reset,
 * the e-mail check, the code look-up and the confirmation resend; failed logins per address; and
 * failed logins per account. Failed logins are counted per account *and* source — a known device,
 * or an address — so a stranger's guesses lock out the stranger, not the learner (issue 20); an
 * account-wide budget, larger, slows guessing spread over many addresses and never applies to a
 * known device. Defaults (configurable): 100 attempts (on login, failures) per address, 10 failed
 * logins per account and source, 50 per account from unknown sources, in 15 minutes.
 *
 * The two login counts are kept differently, on purpose (issue 32). The budget of an account and
 * source is reserved *before* the password check and given back on success: it is small and
 * guards one account, so counting first keeps parallel guesses at that account from all slipping
 * under it, while its owner rarely has more than one sign-in in flight. The address's count is
 * shared by everyone behind one address — a campus NAT signing a whole class in at the start of
 * an exam — so it holds failures only: read before the password check, added to only when the
 * check fails. Counting sign-ins in flight there refused learners with the right password as soon
 * as more than the limit were under way at once. The price: a burst of parallel guesses from one
 * address may pass its limit by as many as are in flight, yet each of them still meets its
 * account's reservation, so no account gets more guesses than its budget.
 */
export interface Limits {
  /** Counts one attempt from `ip` on `action`; throws 429 past the limit. */
  attempt(action: string, ip: string): Promise<void>;
  /**
   * Throws 429 once `ip` has failed `action` as many times as the address's limit allows in the
   * window; counts nothing, so attempts in flight and successes never add up (issues 20 and 32).
   */
  checkFailures(action: string, ip: string): Promise<void>;
  /** An attempt from `ip` on `action` failed: one more failure against the address. */
  failed(action: string, ip: string): Promise<void>;
  /**
   * Counts a login attempt for the account and source before the password is checked, and throws
   * 429 past the limit: counting first means parallel attempts cannot all slip under it.
   */
  reserveLoginAttempt(email: string, source: LoginSource): Promise<void>;
  /**
   * The password was right: the source's failures are forgotten. The account-wide count is not —
   * the owner signing in must not hand a guesser spread over many addresses a fresh budget.
   */
  loginSucceeded(email: string, source: LoginSource): Promise<void>;
  /**
   * Counts one costly action of a signed-in user on `action` (issue 32: a word the server reads
   * aloud for the first time) and throws 429 past `max` in the window.
   */
  userAttempt(action: string, userId: string, max: number): Promise<void>;
  /** Takes one such count back: the action was refused for another reason (a full queue). */
  releaseUserAttempt(action: string, userId: string): Promise<void>;
}

// Apart from `attempt`'s key: failures and attempts of one action are never mixed in one count.
const failuresKey = (action: string, ip: string) => `${action}:failures:ip:${ip}`;
const sourceKey = (email: string, source: LoginSource) =>
  'device' in source ? `login:fail:device:${source.device}` : `login:fail:${email}:ip:${source.ip}`;

export function createLimits(store: RateLimitStore, config: Config): Limits {
  const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const tooMany = (resetAt: Date) => {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    return new AppError(
      ErrorCode.RATE_LIMITED,
      messages.common.rateLimited(Math.ceil(seconds / 60)),
      undefined,
      {
        'retry-after': String(seconds),
      },
    );
  };
  return {
    async attempt(action, ip) {
      const { count, resetAt } = await store.hit(`${action}:ip:${ip}`, windowMs);
      if (count > config.RATE_LIMIT_IP_ATTEMPTS) throw tooMany(resetAt);
    },
    async checkFailures(action, ip) {
      const { count, resetAt } = await store.peek(failuresKey(action, ip));
      if (count >= config.RATE_LIMIT_IP_ATTEMPTS) throw tooMany(resetAt);
    },
    async failed(action, ip) {
      await store.hit(failuresKey(action, ip), windowMs);
    },
    async reserveLoginAttempt(email, source) {
      const own = await store.hit(sourceKey(email, source), windowMs);
      if (own.count > config.RATE_LIMIT_LOGIN_FAILURES) throw tooMany(own.resetAt);
      if ('device' in source) return;
      const account = await store.hit(`login:fail:${email}`, windowMs);
      if (account.count > config.RATE_LIMIT_LOGIN_ACCOUNT_FAILURES) throw tooMany(account.resetAt);
    },
    async loginSucceeded(email, source) {
      await store.clear(sourceKey(email, source));
      // This attempt was no failure: take it back from the account-wide count.
      if (!('device' in source)) await store.release(`login:fail:${email}`);
    },
    async userAttempt(action, userId, max) {
      const { count, resetAt } = await store.hit(`${action}:user:${userId}`, windowMs);
      if (count > max) throw tooMany(resetAt);
    },
    async releaseUserAttempt(action, userId) {
      await store.release(`${action}:user:${userId}`);
    },
  };
}

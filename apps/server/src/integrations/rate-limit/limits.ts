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
 * The limits of the auth calls: attempts per client address on login, forgot password, reset and
 * the e-mail check, and failed logins per account. Failed logins are counted per account *and*
 * source — a known device, or an address — so a stranger's guesses lock out the stranger, not the
 * learner (issue 20); an account-wide budget, larger, slows guessing spread over many addresses
 * and never applies to a known device. Defaults (configurable): 100 attempts per address, 10
 * failed logins per account and source, 50 per account from unknown sources, in 15 minutes.
 */
export interface Limits {
  /** Counts one attempt from `ip` on `action`; throws 429 past the limit. */
  attempt(action: string, ip: string): Promise<void>;
  /**
   * The attempt succeeded: it no longer counts against the address (issue 20). A campus behind one
   * address signs thousands in before an exam; only failures should add up.
   */
  succeeded(action: string, ip: string): Promise<void>;
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
}

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
    async succeeded(action, ip) {
      await store.release(`${action}:ip:${ip}`);
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
  };
}

import { ErrorCode, messages } from '@medenglish/shared';
import { AppError } from '../../lib/app-error.js';
import type { Config } from '../../config.js';
import type { RateLimitStore } from './rate-limiter.js';

/**
 * The limits of the auth calls: attempts per client address on login, forgot password, reset and
 * the e-mail check, and failed logins per e-mail address. Defaults (configurable): 100 attempts
 * per address and 10 failed logins per e-mail in 15 minutes.
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
   * Counts a login attempt for the e-mail before the password is checked, and throws 429 past the
   * limit: counting first means parallel attempts cannot all slip under it.
   */
  reserveLoginAttempt(email: string): Promise<void>;
  /** The password was right: the attempts counted for the address are forgotten. */
  loginSucceeded(email: string): Promise<void>;
}

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
    async reserveLoginAttempt(email) {
      const { count, resetAt } = await store.hit(`login:fail:${email}`, windowMs);
      if (count > config.RATE_LIMIT_LOGIN_FAILURES) throw tooMany(resetAt);
    },
    async loginSucceeded(email) {
      await store.clear(`login:fail:${email}`);
    },
  };
}

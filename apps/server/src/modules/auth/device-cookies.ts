import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '../../lib/cookies.js';

export const DEVICE_COOKIE = 'medenglish_device';
const LIFETIME_SECONDS = 365 * 24 * 3600;

/**
 * OWASP's device cookies (issue 20): a browser that has signed in to an account before carries a
 * signed cookie naming that account. Its failed attempts count against its own budget, so a
 * stranger guessing a learner's password from elsewhere cannot lock the learner out — on exam day
 * least of all. The cookie is sent to the login call only, and proves nothing but "this browser
 * signed in to this address once": it never signs anyone in.
 */
export interface DeviceCookies {
  /** A new cookie for `email`'s successful sign-in: the Set-Cookie header's value. */
  issue(email: string): string;
  /** The device id of a request's cookie if it was issued for `email`, else null. */
  deviceOf(cookieHeader: string | undefined, email: string): string | null;
}

export function createDeviceCookies(secret: Uint8Array, options: { secure: boolean }): DeviceCookies {
  const sign = (email: string, id: string) =>
    createHmac('sha256', secret).update(`login-device\n${email}\n${id}`).digest('base64url');
  return {
    issue(email) {
      const id = randomBytes(16).toString('base64url');
      return `${DEVICE_COOKIE}=${id}.${sign(email, id)}; Path=/api/student/login; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
    },
    deviceOf(cookieHeader, email) {
      const value = readCookie(cookieHeader, DEVICE_COOKIE);
      const [id, signature] = value?.split('.') ?? [];
      if (!id || !signature || id.length > 64) return null;
      const expected = Buffer.from(sign(email, id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

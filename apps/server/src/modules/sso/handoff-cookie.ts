import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hand-off code of `/?sso=` is bound to the browser that went through the school's sign-in
 * (issue 32): the callback sets this cookie, an HMAC of the code under the server's key, and the
 * exchange refuses a code presented without it. Without it, someone who stopped at their own code
 * could send it to a victim, whose browser would sign in to the attacker's account (login CSRF).
 * HttpOnly; SameSite=Lax because it is set on the provider's top-level redirect to our callback.
 */
export const HANDOFF_COOKIE = 'sso_handoff';
/** Long enough for a first sign-in to choose a semester, confirm the names and read the terms. */
export const HANDOFF_SECONDS = 600;

const tag = (secret: Uint8Array, code: string) =>
  createHmac('sha256', secret).update(`sso-handoff\n${code}`).digest('base64url');

export const handoffCookie = (secret: Uint8Array, code: string, secure: boolean) =>
  `${HANDOFF_COOKIE}=${tag(secret, code)}; Path=/api/sso; Max-Age=${HANDOFF_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const clearHandoffCookie = () =>
  `${HANDOFF_COOKIE}=; Path=/api/sso; Max-Age=0; HttpOnly; SameSite=Lax`;

/** Whether the browser presenting `code` is the one the callback gave it to. */
export function isHandoffBrowser(secret: Uint8Array, cookie: string | null, code: string): boolean {
  if (!cookie) return false;
  const given = Buffer.from(cookie);
  const expected = Buffer.from(tag(secret, code));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

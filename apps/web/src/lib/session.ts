import {
  AUTH_COOKIE_MINUTES,
  REFRESH_COOKIE_DAYS,
  type AuthData,
  type RefreshResponse,
} from '@medenglish/shared';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { clearLocalStorageKeepingPreferences, readJson, storageKeys, writeJson } from './storage';

/** Cookie names of SPEC §4. */
export const AUTH_COOKIE = 'token';
export const REFRESH_COOKIE = 'refreshToken';

/**
 * What a token refresh needs besides the refresh cookie. Kept in localStorage rather than in a
 * cookie so that the e-mail address does not travel with every request; localStorage is shared by
 * the tabs like cookies are, and cleared with them on logout.
 */
export interface SessionInfo {
  email: string;
  userId: string;
  /** Lifetime of the auth cookie: null for a session cookie (login), 305 after sign-up or SSO. */
  authCookieMinutes: number | null;
}

export function getToken(): string | null {
  return getCookie(AUTH_COOKIE);
}

export function getRefreshToken(): string | null {
  return getCookie(REFRESH_COOKIE);
}

export function getSessionInfo(): SessionInfo | null {
  const info = readJson<SessionInfo>(storageKeys.session);
  return info && typeof info.userId === 'string' && typeof info.email === 'string' ? info : null;
}

/** Logged in = the auth cookie is there (SPEC §2) and we know whose session it is. */
export function isLoggedIn(): boolean {
  return getToken() !== null && getSessionInfo() !== null;
}

function setAuthCookie(token: string, minutes: number | null): void {
  setCookie(AUTH_COOKIE, token, minutes === null ? {} : { maxAgeSeconds: minutes * 60 });
}

export type AuthCookieLifetime = 'session' | 'signup' | 'sso';

/**
 * SPEC §4 Login: local storage is cleared first, then the auth cookie is set (session-only after a
 * login, 305 minutes after sign-up or single sign-on) and the refresh cookie for 365 days.
 */
export function startSession(auth: AuthData, email: string, lifetime: AuthCookieLifetime): void {
  clearLocalStorageKeepingPreferences();
  const minutes = lifetime === 'session' ? null : AUTH_COOKIE_MINUTES;
  setAuthCookie(auth.token, minutes);
  setCookie(REFRESH_COOKIE, auth.refreshToken, { maxAgeSeconds: REFRESH_COOKIE_DAYS * 24 * 60 * 60 });
  writeJson(storageKeys.session, {
    email,
    userId: auth._id,
    authCookieMinutes: minutes,
  } satisfies SessionInfo);
}

/** SPEC §7 "POST /refresh … resets the auth cookie", with the lifetime it was first given. */
export function storeRefreshedTokens(tokens: RefreshResponse): void {
  setAuthCookie(tokens.token, getSessionInfo()?.authCookieMinutes ?? null);
  setCookie(REFRESH_COOKIE, tokens.refreshToken, { maxAgeSeconds: REFRESH_COOKIE_DAYS * 24 * 60 * 60 });
}

export function clearSessionCookies(): void {
  deleteCookie(AUTH_COOKIE);
  deleteCookie(REFRESH_COOKIE);
}

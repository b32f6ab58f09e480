import { getRefreshToken, getToken, clearSessionCookies } from './session';
import {
  clearLocalStorageKeepingPreferences,
  clearSessionStorage,
  readJson,
  storageKeys,
  writeStorage,
} from './storage';

/**
 * Why the learner was sent back to the login page; the page explains 'idle' and 'companyBlocked'
 * (SPEC §6: a loginBlocked company forces the logout once 60 placement answers exist).
 */
export type LogoutReason = 'idle' | 'maintenance' | 'companyBlocked';

export interface LogoutOptions {
  reason?: LogoutReason;
  /** Injected by tests; the browser reloads the app on its login page. */
  redirect?: (url: string) => void;
}

/** How long the best-effort server call may delay leaving. */
const SERVER_LOGOUT_TIMEOUT_MS = 2000;
let leaving = false;

async function revokeRefreshToken(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return;
  const token = getToken();
  const call = fetch('/api/student/logout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
    body: JSON.stringify({ refreshToken }),
    // keepalive lets the call finish even though the page reloads right after.
    keepalive: true,
  }).catch(() => undefined);
  await Promise.race([call, new Promise((resolve) => setTimeout(resolve, SERVER_LOGOUT_TIMEOUT_MS))]);
}

/**
 * SPEC §4 Logout: revoke the refresh token on the server (best effort: the learner leaves even when
 * the server cannot be reached), clear cookies, local and session storage, then reload on '/'.
 * Several 401s or timers may ask at once; only the first one runs.
 */
export async function logout({
  reason,
  redirect = (url) => window.location.assign(url),
}: LogoutOptions = {}) {
  if (leaving) return;
  leaving = true;
  // Signed in by a school: its session ends too (single logout), then the login page.
  const sso = readJson<{ provider: string; idToken: string | null }>(storageKeys.ssoSession);
  const after =
    sso && /^[a-z0-9-]{1,40}$/.test(sso.provider)
      ? `/api/sso/${sso.provider}/logout${sso.idToken ? `?id_token_hint=${encodeURIComponent(sso.idToken)}` : ''}`
      : '/';
  try {
    await revokeRefreshToken();
  } finally {
    clearSessionCookies();
    clearLocalStorageKeepingPreferences();
    clearSessionStorage();
    if (reason) writeStorage(storageKeys.logoutReason, reason, 'session');
    // The other tabs listen for this key and leave too.
    writeStorage(storageKeys.logoutSignal, String(Date.now()));
    redirect(after);
  }
}

/** For tests, which log out more than once in one module instance. */
export function resetLogoutGuard(): void {
  leaving = false;
}

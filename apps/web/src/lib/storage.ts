/**
 * Every key the app writes to Web Storage. Storage can be unavailable (private browsing, a full
 * quota), so reads and writes never throw: a lost preference is better than a broken page.
 */
export const storageKeys = {
  /** localStorage: { email, userId, authCookieMinutes } needed to refresh the token. */
  session: 'medenglish.session',
  /** localStorage: last user activity (epoch ms), shared by every tab for the idle timeout. */
  lastActivity: 'medenglish.lastActivity',
  /** localStorage: 'true' | 'false', the dark-mode preference. */
  darkMode: 'medenglish.darkMode',
  /** localStorage: 'fr' | 'en', the interface language (the server keeps the learner's choice). */
  language: 'medenglish.language',
  /** localStorage: the user's groups with the time they were fetched (SPEC §9: 1 day). */
  groups: 'medenglish.groups',
  /** localStorage: the medical facts of the dashboard (SPEC §9 "fun facts cached locally"). */
  funFacts: 'medenglish.funFacts',
  /** sessionStorage: ids of the surveys put off with "later" (the server keeps it for days too). */
  surveyLater: 'medenglish.surveyLater',
  /** localStorage: id of the group chosen in the header selector. */
  currentGroup: 'medenglish.currentGroup',
  /** localStorage: set while the placement test is pending (SPEC §4 "flagged as in test"). */
  inTest: 'medenglish.inTest',
  /** localStorage: written on logout so that the other tabs leave too. */
  logoutSignal: 'medenglish.logout',
  /** sessionStorage: access code and semester from ?code= and ?sem= (SPEC §2). */
  signupCode: 'medenglish.signupCode',
  signupSemester: 'medenglish.signupSemester',
  /** sessionStorage: why the last logout happened, shown once on the login page. */
  logoutReason: 'medenglish.logoutReason',
  /**
   * sessionStorage: where the learner is in the placement test of this tab (screen, current
   * question index, tutorial video, unsaved answer). The server's answers win on load (SPEC §4).
   */
  placement: 'medenglish.placement',
  /**
   * localStorage, one per exam attempt (prefix + attempt id): the answers given but not yet
   * acknowledged by the server, and whether the 5-minute warning was shown (issue 12). Kept across
   * logout and login: an answer given offline must reach the server whatever happens to the session.
   */
  examQueuePrefix: 'medenglish.examQueue.',
  /** localStorage: { provider, idToken } of a single sign-on, for single logout at the school. */
  ssoSession: 'medenglish.ssoSession',
  /** localStorage: the voice chosen in the pronunciation box (a browser voice's name or a server voice). */
  voice: 'medenglish.voice',
} as const;

/** Preferences of the device rather than of the session: they survive login and logout. */
const devicePreferences = [storageKeys.darkMode, storageKeys.language, storageKeys.voice] as const;

type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, kind: Area = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, kind: Area = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value simply is not kept.
  }
}

export function removeStorage(key: string, kind: Area = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function readJson<T>(key: string, kind: Area = 'local'): T | null {
  const raw = readStorage(key, kind);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: Area = 'local'): void {
  writeStorage(key, JSON.stringify(value), kind);
}

/**
 * SPEC §4 clears local storage on login and logout. The dark-mode choice is a preference of the
 * device, not session data, so it is written back after the clear: a learner who logs out at night
 * should not be blinded by the login page.
 */
export function clearLocalStorageKeepingPreferences(): void {
  const examQueues: string[] = [];
  try {
    const local = area('local');
    for (let i = 0; local && i < local.length; i += 1) {
      const key = local.key(i);
      if (key?.startsWith(storageKeys.examQueuePrefix)) examQueues.push(key);
    }
  } catch {
    // Nothing to keep.
  }
  const kept = [...devicePreferences, ...examQueues].map((key) => [key, readStorage(key)] as const);
  try {
    area('local')?.clear();
  } catch {
    // Nothing to clear.
  }
  for (const [key, value] of kept) if (value !== null) writeStorage(key, value);
}

export function clearSessionStorage(): void {
  try {
    area('session')?.clear();
  } catch {
    // Nothing to clear.
  }
}

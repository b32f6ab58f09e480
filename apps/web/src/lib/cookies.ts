/**
 * Cookies written by the app itself (SPEC §4: the auth and refresh cookies are set by the client).
 * SameSite=Strict keeps them off cross-site requests; Secure whenever the page is served over https.
 */
export interface CookieOptions {
  /** Lifetime in seconds; omitted for a session cookie that ends with the browser session. */
  maxAgeSeconds?: number;
}

/**
 * `document.cookie` is read once per burst: reading it asks the browser's network process, and the
 * dashboard's dozen first calls each read the token within one task (a profile on a slow phone
 * showed ~30 ms there). The copy is dropped by the next timer turn and on every write of ours; a
 * token another tab refreshed meanwhile is at worst a 401, which the client already answers by
 * refreshing.
 */
let cookieString: string | null = null;

function readCookieString(): string {
  if (cookieString === null) {
    cookieString = document.cookie;
    setTimeout(() => {
      cookieString = null;
    }, 0);
  }
  return cookieString;
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of readCookieString().split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const attributes = ['path=/', 'SameSite=Strict'];
  if (options.maxAgeSeconds !== undefined) attributes.push(`max-age=${Math.round(options.maxAgeSeconds)}`);
  if (window.location.protocol === 'https:') attributes.push('Secure');
  cookieString = null;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

/**
 * A preference the server reads to draw the next visit's first screen (the language, the theme:
 * nothing personal), kept a year from the last visit. Written in a task of its own: the cookie
 * store is in another process (a write costs a phone a few milliseconds), and the callers run as
 * the app starts. Calls in a row keep the last value (timers run in order); the returned function
 * cancels a write not yet made.
 */
export function rememberPreferenceCookie(name: string, value: string): () => void {
  const timer = setTimeout(() => setCookie(name, value, { maxAgeSeconds: 365 * 24 * 60 * 60 }), 0);
  return () => clearTimeout(timer);
}

export function deleteCookie(name: string): void {
  setCookie(name, '', { maxAgeSeconds: 0 });
}

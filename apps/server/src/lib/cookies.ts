/**
 * One cookie of a request's Cookie header, decoded; null when absent, empty or unreadable (an
 * over-long header is not read at all).
 */
export function readCookie(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader || cookieHeader.length > 8192) return null;
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('=')) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

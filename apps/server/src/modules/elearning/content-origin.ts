/**
 * Packages served from a content origin of their own (CONTENT_ORIGIN, decision 0042): the same
 * server answers on a second host name, and on that host it serves package files and nothing
 * else — no app page, no API — so nothing of the app ever runs on the origin packages share.
 */

/** The `host[:port]` of an origin, as a request's Host header names it (lower case). */
export function hostOfOrigin(origin: string): string {
  return new URL(origin).host.toLowerCase();
}

/** What a request to the content host may ask for: package files, read. */
export function contentHostAllows(method: string, url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return (
    (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') && path.startsWith('/media/content/')
  );
}

/**
 * The content origin of the configuration, or null. It must not be the app's own: packages would
 * then share the app's origin, and the guard would shut the app out of its own host.
 */
export function contentOriginOf(config: { CONTENT_ORIGIN?: string }, publicUrl: string): string | null {
  const origin = config.CONTENT_ORIGIN ?? null;
  if (origin !== null && origin === new URL(publicUrl).origin) {
    throw new Error('CONTENT_ORIGIN must be another origin than the app’s (PUBLIC_URL): see decision 0042.');
  }
  return origin;
}

/**
 * A launch address moved to the content origin: a path gets the origin in front, an address on
 * the app's origin gets the content origin instead. Only the package file moves: the endpoint and
 * fetch URL in its query stay on the app's origin.
 */
export function onContentOrigin(launchUrl: string, contentOrigin: string): string {
  if (launchUrl.startsWith('/')) return `${contentOrigin}${launchUrl}`;
  const url = new URL(launchUrl);
  return `${contentOrigin}${launchUrl.slice(url.origin.length)}`;
}

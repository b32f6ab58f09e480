/** Where imported packages live in storage: `content/{package hash}/…`. */
export const CONTENT_PREFIX = 'content';

/**
 * Headers of the files of an e-learning package (DESIGN "a frame-src for content"; decisions 0009
 * and 0029). A package runs its own scripts — an institution's Rise or Storyline export may rely on
 * inline scripts and eval — so it is shut in a sandbox without `allow-same-origin`: an opaque
 * origin that can read neither the app's cookies nor its storage, and talks to the LRS only with
 * the launch credentials it was given. An opaque origin is cross-origin to everything, hence CORS
 * and a cross-origin resource policy on the package's own files (its scripts, styles, JSON, media).
 *
 * Storyline frames its slides, other tools their pages, inside the launch page: such a nested
 * page has an opaque ancestor, which no `frame-ancestors` source (not even `*`) and no
 * X-Frame-Options match, so package files carry neither (CONTENT_UNSET_HEADERS). Framing a
 * package elsewhere gains nothing: without a launch query from us it holds no credentials.
 * Popups inherit the sandbox (`allow-popups`, never `allow-popups-to-escape-sandbox`), and a
 * browser refuses to load a sandboxed popup whose answer has a Cross-Origin-Opener-Policy other
 * than `unsafe-none` (HTML, "sandboxed auxiliary navigation"): package files say `unsafe-none`
 * instead of helmet's `same-origin`. The app's pages keep theirs.
 *
 * A package's files never change (a new import is a new folder), so they are cached.
 *
 * `appOrigin`: the app's origin when packages are served from a content origin of their own
 * (CONTENT_ORIGIN, decision 0042); null when they share the app's.
 */
export function contentHeadersFor(appOrigin: string | null): Record<string, string> {
  return {
    'content-security-policy': [
      'sandbox allow-scripts allow-forms allow-popups allow-downloads',
      "default-src 'self' data: blob:",
      "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
      "style-src 'self' 'unsafe-inline'",
      // Served from a content origin of their own (decision 0042), packages call the LRS and the
      // cmi5 fetch URL on the app's origin.
      appOrigin ? `connect-src 'self' ${appOrigin}` : "connect-src 'self'",
      "base-uri 'self'",
      "form-action 'none'",
    ].join('; '),
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'cross-origin-opener-policy': 'unsafe-none',
    'cache-control': 'public, max-age=86400',
  };
}

/**
 * The headers helmet gives every answer that a package file must not carry or must carry
 * otherwise (helmet writes them on the raw response, before contentHeaders).
 */
export const CONTENT_UNSET_HEADERS = ['x-frame-options', 'cross-origin-opener-policy'];

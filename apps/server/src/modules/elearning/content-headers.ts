/** Where imported packages live in storage: `content/{package hash}/…`. */
export const CONTENT_PREFIX = 'content';

/**
 * Headers of the files of an e-learning package (DESIGN "a frame-src for content"). A package
 * runs its own scripts — an institution's Rise or Storyline export may rely on inline scripts and
 * eval — so it is shut in a sandbox without `allow-same-origin`: an opaque origin that can read
 * neither the app's cookies nor its storage, and talks to the LRS only with the launch
 * credentials it was given. An opaque origin is cross-origin to everything, hence CORS and a
 * cross-origin resource policy on the package's own files (its scripts, styles, JSON, media).
 * A package's files never change (a new import is a new folder), so they are cached.
 */
export const contentHeaders: Record<string, string> = {
  'content-security-policy': [
    'sandbox allow-scripts allow-forms allow-popups allow-downloads',
    "default-src 'self' data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; '),
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': 'public, max-age=86400',
};

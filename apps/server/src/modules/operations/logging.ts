import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';

/**
 * Query parameters that carry a credential or a learner's identity somewhere in our addresses
 * (sign-on, signed links, resets, e-mail confirmation, and a unit's launch address: the LRS
 * credentials in `auth`, the learner in `actor`, cmi5's `fetch` URL; the LRS's `agent`).
 */
const SECRET_PARAMS =
  /^(token|confirm|code|sso|state|nonce|signature|id_token_hint|login_hint|access_token|refreshToken|password|code_verifier|client_secret|tk|auth|actor|agent|fetch)$/i;

/**
 * The addresses whose path holds a credential (issue 32), the one list of them: the segments
 * named, then `*` for any segment, and `SECRET` for the one that is replaced.
 */
const SECRET = Symbol('secret');
const SECRET_PATHS: readonly (readonly (string | typeof SECRET)[])[] = [
  // POST /api/confirmation/{userId}/{token}: the e-mailed confirmation link's one-time token.
  ['confirmation', '*', SECRET],
  // POST and OPTIONS /api/cmi5/fetch/{token}: a cmi5 launch's one-time fetch URL.
  ['cmi5', 'fetch', SECRET],
  // GET /api/code/name/{code}: a company's access code, which lets anyone holding it sign up.
  ['code', 'name', SECRET],
  // The demo identity provider's login in progress: its interaction, and where it resumes.
  ['dev-idp', 'interaction', SECRET],
  ['dev-idp', 'auth', SECRET],
];
const REDACTED = '[redacted]';

/** A segment as the router reads it (percent-decoded), for comparison only. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * A path with its credential segments replaced. Matched on the decoded segments wherever they
 * stand (an absolute-form request line, doubled slashes, `%63mi5`), so that no spelling the
 * router accepts, nor a near miss it refuses, reaches the logs in clear.
 */
function redactPath(path: string): string {
  const segments = path.split('/');
  const names = segments.map(decoded);
  // The indexes of the non-empty segments: `//api//cmi5` reads as /api/cmi5.
  const at = names.flatMap((name, index) => (name === '' ? [] : [index]));
  for (let start = 0; start < at.length; start++) {
    for (const pattern of SECRET_PATHS) {
      const fits = pattern.every((part, offset) => {
        const index = at[start + offset];
        if (index === undefined) return part === SECRET;
        return typeof part !== 'string' || part === '*' || names[index] === part;
      });
      if (!fits) continue;
      pattern.forEach((part, offset) => {
        const index = at[start + offset];
        if (part === SECRET && index !== undefined) segments[index] = REDACTED;
      });
    }
  }
  return segments.join('/');
}

/** A logged address with its credentials replaced: secret path segments, secret parameters. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const at = url.indexOf('?');
  const path = redactPath(at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, REDACTED);
  return `${path}?${params}`;
}

/** A request id from a trusted-looking X-Request-Id (a balancer's), else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * Structured JSON logs (pino) with the request id on every line, and nothing secret (issue 16):
 * requests are logged by method, address (secret parameters and path segments redacted, issue 32)
 * and peer; headers and bodies never are, and if a header or body ever reaches a log line its
 * credentials are censored.
 */
export function loggerOptions(level: string, stream?: Writable) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}

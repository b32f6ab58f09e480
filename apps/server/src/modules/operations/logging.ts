import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';

/**
 * Query parameters that carry a credential or a learner's identity somewhere in our addresses
 * (sign-on, signed links, resets, and a unit's launch address: the LRS credentials in `auth`, the
 * learner in `actor`, cmi5's `fetch` URL).
 */
const SECRET_PARAMS =
  /^(token|code|sso|state|signature|id_token_hint|access_token|refreshToken|password|tk|auth|actor|fetch)$/i;

/** A logged address with the values of its secret parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, at)}?${params}`;
}

/** A request id from a trusted-looking X-Request-Id (a balancer's), else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * Structured JSON logs (pino) with the request id on every line, and nothing secret (issue 16):
 * requests are logged by method, route address (secret parameters redacted) and peer; headers and
 * bodies never are, and if a header or body ever reaches a log line its credentials are censored.
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

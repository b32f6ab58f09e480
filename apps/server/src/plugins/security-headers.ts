import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every response (DESIGN "security": helmet with a strict CSP,
 * `base-uri 'none'`, `frame-ancestors 'self'`). helmet's middleware is built once here:
 * @fastify/helmet rebuilt it — parsing the whole policy — on every request, 3 % of the
 * heartbeat's CPU.
 */
const securityHeaders = (frameSrc: string[] = []) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        frameSrc: ["'self'", ...frameSrc],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
      },
    },
  });
const applySecurityHeaders = securityHeaders();

/** `frameSrc`: a content origin the app frames packages from (decision 0042). */
export function registerSecurityHeaders(app: FastifyInstance, options: { frameSrc: string[] }): void {
  const apply = options.frameSrc.length ? securityHeaders(options.frameSrc) : applySecurityHeaders;
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * The same headers as a list, for the answers given before any hook runs (issue 32): the router's
 * refusals (`frameworkErrors`: a malformed address, a path segment too long) and the HTTP server's
 * own (a request line or headers too large, a request that never finishes, one that is not HTTP).
 * They do not depend on the request: helmet's middleware is run once on a stand-in response.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  applySecurityHeaders({} as http.IncomingMessage, response as unknown as http.ServerResponse, () => {});
  return Object.freeze(headers);
})();

const rawHeaders = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * The HTTP server's answer to what never became a request (Fastify's `clientErrorHandler`): 408
 * when it did not arrive in time, 431 when its request line or headers are too large, 400 for
 * anything else that is not HTTP — as Fastify's default handler answers, with the security
 * headers, then the connection is closed.
 */
export function refuseClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = http.STATUS_CODES[status]!;
  const body = JSON.stringify({ error: reason, statusCode: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n${rawHeaders}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';

/** What helmet sets on every answer (security-headers.ts), compared by value below. */
const SECURITY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The status and headers of the answer to bytes written on a fresh connection. */
function rawRequest(port: number, bytes: string, timeoutMs = 5000) {
  return new Promise<{ status: number; headers: Record<string, string> }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`no answer to ${bytes.slice(0, 60)}: ${answer}`));
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status, headers });
    });
  });
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`;

/**
 * Issue 32: the answers given before any route's hook — the router's (a malformed address, a path
 * segment too long, an unknown route), the body parser's, and the HTTP server's own (headers too
 * large, a request that is not HTTP, one that never finishes) — carry the same security headers as
 * any API answer. Raw bytes on a real socket: neither inject nor fetch can send most of them.
 */
describe('security headers on refusals', () => {
  let ctx: TestContext;
  let port: number;
  let expected: Record<string, string>;
  beforeAll(async () => {
    // A short request time limit, for the 408.
    ctx = await createTestContext({ config: { REQUEST_TIMEOUT_MS: 1500 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
    const normal = await rawRequest(port, get('/api/health'));
    expect(normal.status).toBe(200);
    expected = Object.fromEntries(SECURITY.map((name) => [name, normal.headers[name]!]));
    for (const name of SECURITY) expect(expected[name], name).toBeTruthy();
  });
  afterAll(() => ctx.close());

  const cases: [title: string, status: number, bytes: () => string][] = [
    ['a malformed percent-encoding', 400, () => get('/api/student/%E0%A4%A')],
    ['an invalid percent-encoding', 400, () => get('/api/student/%zz/company')],
    ['a path segment past the router limit', 414, () => get(`/api/student/${'a'.repeat(300)}`)],
    ['an unknown API route', 404, () => get('/api/no-such-route')],
    [
      'an unknown page posted to',
      404,
      () => 'POST /no-such-page HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    ],
    [
      'a body past the limit',
      413,
      () =>
        'POST /api/student/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: 100000\r\nConnection: close\r\n\r\n${'a'.repeat(100_000)}`,
    ],
    ['headers past the server limit', 431, () => get('/api/health', `X-Big: ${'a'.repeat(20_000)}\r\n`)],
    ['an address past the server limit', 431, () => get(`/${'a'.repeat(20_000)}`)],
    ['bytes that are not HTTP', 400, () => 'NOT HTTP AT ALL\r\n\r\n'],
    ['a request that never finishes', 408, () => 'GET /api/health HTTP/1.1\r\nHost: x\r\n'],
  ];

  it.each(cases)('on %s (%i)', async (_title, status, bytes) => {
    const answer = await rawRequest(port, bytes());
    expect(answer.status).toBe(status);
    for (const name of SECURITY) expect(answer.headers[name], name).toBe(expected[name]);
  });
});

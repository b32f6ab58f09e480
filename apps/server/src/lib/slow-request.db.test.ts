import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';

/**
 * Issue 20: a body sent one byte at a time must not hold a connection for minutes. With a request
 * time limit of 1.5 s here (30 s by default), the trickling client is answered 408 and cut within
 * about that, while an ordinary request on another connection is served meanwhile.
 */
describe('slow request bodies', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { REQUEST_TIMEOUT_MS: 1500 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('cuts a trickled body within the limit, and serves others meanwhile', async () => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/student/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const other = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(other.status).toBe(200);
    await closed;
    clearInterval(drip);
    const elapsed = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeLessThan(4000);
  });
});

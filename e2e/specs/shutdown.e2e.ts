import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';

/**
 * Issue 16: SIGTERM (a deployment, a scale-down) lets the requests in flight finish, then the
 * process exits cleanly — a learner signing in at that moment is signed in, not cut off.
 */
describe('graceful shutdown', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer();
  }, 90_000);
  afterAll(async () => server?.close());

  it('answers the request in flight, then exits at once, keep-alive clients or not', async () => {
    // A sign-in spends a few hundred milliseconds in argon2id: long enough to be in flight.
    const inFlight = fetch(`${server.baseURL}/api/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'etudiant.demo@demo-univ.fr', password: 'DemoPass2026' }),
      signal: AbortSignal.timeout(10_000),
    });
    await new Promise((r) => setTimeout(r, 60));
    const t0 = Date.now();
    const stopped = server.stop();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect((await answer.json()).token).toBeTruthy();
    // …and the process is gone at once (stop() resolves on its exit), although this client keeps
    // its connection alive: idle connections are closed rather than waited for.
    await stopped;
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});

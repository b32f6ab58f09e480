import type { FastifyInstance } from 'fastify';

/**
 * POST /__test__/clock {"advanceMs": n}: moves the test clock forward (TEST_CLOCK, browser tests
 * only; the configuration refuses it in production). Outside /api, so no learner-facing route
 * ever names it; it answers the server's new time.
 */
export function registerTestClock(app: FastifyInstance, clock: { now(): Date; advance(ms: number): void }) {
  app.post('/__test__/clock', async (request, reply) => {
    const body = request.body as { advanceMs?: unknown } | undefined;
    const ms = Number(body?.advanceMs);
    if (!Number.isFinite(ms) || ms < 0)
      return reply.status(400).send({ error: 'advanceMs must be a positive number' });
    clock.advance(ms);
    return { now: clock.now().toISOString() };
  });
}

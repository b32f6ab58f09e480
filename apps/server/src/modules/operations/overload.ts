import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { ErrorCode, messages } from '@medenglish/shared';

/**
 * Load shedding (issue 16, @fastify/under-pressure): when the event loop lags past the limit (or
 * the heap grows past one, where configured), requests are answered at once with 503 and
 * Retry-After instead of queueing into growing latency; the balancer tries another instance.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; maxHeapUsedBytes?: number; retryAfterSeconds: number },
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    ...(options.maxHeapUsedBytes ? { maxHeapUsedBytes: options.maxHeapUsedBytes } : {}),
    retryAfter: options.retryAfterSeconds,
    sampleInterval: Math.min(1000, Math.max(10, Math.floor(options.maxEventLoopDelayMs / 2))),
    pressureHandler: (_request, reply) =>
      void reply
        .status(503)
        .header('retry-after', String(options.retryAfterSeconds))
        .send({ error: { code: ErrorCode.OVERLOADED, message: messages.common.overloaded } }),
  });
}

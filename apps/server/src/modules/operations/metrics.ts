import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { isLoopback } from './loopback.js';

/**
 * Prometheus metrics (issue 16): request rate and latency per route, the database pool, the job
 * queue, and Node's own (event-loop delay, heap, GC) — one registry per app, so tests can build
 * several. GET /metrics answers a bearer token equal to METRICS_TOKEN, or, without one
 * configured, the machine itself only (a sidecar or node exporter on loopback).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { db: Db; pool: pg.Pool; token: string | undefined },
): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    // Around our budgets: 50 ms for hot calls, a few seconds for imports.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, options.pool.totalCount);
      this.set({ state: 'idle' }, options.pool.idleCount);
      this.set({ state: 'waiting' }, options.pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'jobs_queued',
    help: 'Background jobs by state (queued ones due now or later, running, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const result = await options.db.execute(sql`select state, count(*)::int as n from jobs group by state`);
      this.reset();
      // Every state has its series, at 0 when empty, so alerts on them never see a gap.
      for (const state of ['queued', 'running', 'done', 'failed']) this.set({ state }, 0);
      for (const row of result.rows as { state: string; n: number }[]) this.set({ state: row.state }, row.n);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path itself: ids would make one series per learner.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = options.token
      ? request.headers.authorization === `Bearer ${options.token}`
      : isLoopback(request.socket.remoteAddress);
    if (!allowed) return reply.status(404).send();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

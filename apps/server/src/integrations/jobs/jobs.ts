import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { jobs as jobsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { retryDelayMs } from './backoff.js';

/**
 * Background jobs kept in the database (decision 0014): enqueued in the caller's transaction (so a
 * job exists only if the work that asked for it commits), run by any instance once due, one
 * instance per job, retried with back-off, and visible in the `jobs` table.
 *
 * A handler must make its effect at most once: before acting it checks whether the effect is
 * already there (the job may run again after a crash between the effect and the bookkeeping).
 */
export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** Thrown by a handler when trying again cannot help (a malformed payload, a missing row). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** At most one queued or running job per key: enqueueing again is a no-op (returns null). */
  singletonKey?: string;
  maxAttempts?: number;
}

export interface Jobs {
  register(name: string, handler: JobHandler): void;
  enqueue(
    executor: Executor,
    name: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /** Claims and runs every job due now (up to `limit`); resolves with how many ran. */
  runDue(limit?: number): Promise<number>;
  /** Polls every `pollMs` until stopped. */
  start(pollMs: number): void;
  /** Stops polling and waits for the jobs running on this instance. */
  stop(): Promise<void>;
  /** Whether this instance is polling, and when it last looked for jobs (readiness, issue 16). */
  status(): { polling: boolean; lastPollAt: Date | null };
}

/** How long a claimed job is this instance's before another may take it (a crash, a hang). */
const LEASE_MS = 2 * 60 * 1000;
const BATCH = 10;

interface ClaimedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export function createJobs(db: Db, clock: Clock, log: (message: string) => void = () => undefined): Jobs {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    // Due queued jobs, and running ones whose instance let the lease lapse; SKIP LOCKED lets
    // several instances claim side by side without waiting for each other.
    const result = (await db.execute(sql`
      UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = ${leaseUntil}
      WHERE id IN (
        SELECT id FROM jobs
        WHERE (state = 'queued' AND run_at <= ${now}) OR (state = 'running' AND locked_until < ${now})
        ORDER BY run_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedJob[] };
    return result.rows;
  }

  async function finish(id: string, state: 'done' | 'failed', error?: string) {
    await db
      .update(jobsTable)
      .set({ state, finishedAt: clock.now(), lockedUntil: null, ...(error ? { lastError: error } : {}) })
      .where(and(eq(jobsTable.id, id), eq(jobsTable.state, 'running')));
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.name);
    if (!handler) return finish(job.id, 'failed', `no handler for job "${job.name}"`);
    // A job that crashed its instance on every attempt is not tried once more.
    if (job.attempts > job.max_attempts) return finish(job.id, 'failed', 'too many attempts');
    try {
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts });
      await finish(job.id, 'done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError || job.attempts >= job.max_attempts) {
        log(`job ${job.name} ${job.id} failed for good: ${message}`);
        return finish(job.id, 'failed', message);
      }
      await db
        .update(jobsTable)
        .set({
          state: 'queued',
          lockedUntil: null,
          lastError: message,
          runAt: new Date(clock.now().getTime() + retryDelayMs(job.attempts)),
        })
        .where(and(eq(jobsTable.id, job.id), eq(jobsTable.state, 'running')));
    }
  }

  async function runDue(limit = 100): Promise<number> {
    let count = 0;
    while (count < limit) {
      const batch = await claim(Math.min(BATCH, limit - count));
      if (batch.length === 0) break;
      for (const job of batch) await run(job);
      count += batch.length;
    }
    return count;
  }

  let started = false;
  let lastPollAt: Date | null = null;
  const tick = (pollMs: number) => {
    if (stopped) return;
    lastPollAt = new Date();
    running = runDue().catch((error: unknown) => {
      // The database may be restarting: the next tick tries again.
      log(`jobs: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    });
    void running.finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(() => tick(pollMs), pollMs);
    });
  };

  return {
    status() {
      return { polling: started && !stopped, lastPollAt };
    },
    register(name, handler) {
      handlers.set(name, handler);
    },
    async enqueue(executor, name, payload, options = {}) {
      const rows = await executor
        .insert(jobsTable)
        .values({
          name,
          payload,
          runAt: options.runAt ?? clock.now(),
          singletonKey: options.singletonKey ?? null,
          ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
        })
        .onConflictDoNothing()
        .returning({ id: jobsTable.id });
      return rows[0]?.id ?? null;
    },
    runDue,
    start(pollMs) {
      stopped = false;
      started = true;
      if (!timer && !running) timer = setTimeout(() => tick(pollMs), 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs as jobsTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import { fixedClock } from '../../lib/clock.js';
import { createTestDatabase } from '../../test/test-app.js';
import { retryDelayMs } from './backoff.js';
import { createJobs, PermanentJobError } from './jobs.js';

describe('background jobs', () => {
  let database: Database;
  const clock = fixedClock(new Date('2026-03-02T08:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(jobsTable);
  });

  const stateOf = async (id: string) =>
    (await database.db.select().from(jobsTable).where(eq(jobsTable.id, id)))[0]!;

  it('runs a due job once, and not a job whose time has not come', async () => {
    const jobs = createJobs(database.db, clock);
    const seen: unknown[] = [];
    jobs.register('note', async (payload) => void seen.push(payload.n));
    const now = await jobs.enqueue(database.db, 'note', { n: 1 });
    const later = await jobs.enqueue(
      database.db,
      'note',
      { n: 2 },
      { runAt: new Date(clock.now().getTime() + 60_000) },
    );
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([1]);
    expect((await stateOf(now!)).state).toBe('done');
    clock.advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([1, 2]);
    expect((await stateOf(later!)).state).toBe('done');
  });

  it('retries a failing job with back-off, then gives up after its attempts', async () => {
    const jobs = createJobs(database.db, clock);
    let calls = 0;
    jobs.register('flaky', async () => {
      calls += 1;
      throw new Error(`down (${calls})`);
    });
    const id = (await jobs.enqueue(database.db, 'flaky', {}, { maxAttempts: 3 }))!;
    await jobs.runDue();
    let row = await stateOf(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'down (1)' });
    expect(row.runAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(await jobs.runDue()).toBe(0); // not before its time
    clock.advance(retryDelayMs(1));
    await jobs.runDue();
    clock.advance(retryDelayMs(2));
    await jobs.runDue();
    row = await stateOf(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'down (3)' });
    clock.advance(24 * 3600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('does not retry a permanent failure, nor a job nobody handles', async () => {
    const jobs = createJobs(database.db, clock);
    jobs.register('broken', async () => {
      throw new PermanentJobError('no such row');
    });
    const broken = (await jobs.enqueue(database.db, 'broken', {}))!;
    const orphan = (await jobs.enqueue(database.db, 'nobody', {}))!;
    await jobs.runDue();
    expect(await stateOf(broken)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'no such row' });
    expect((await stateOf(orphan)).state).toBe('failed');
  });

  it('exists only if the transaction that enqueued it commits', async () => {
    const jobs = createJobs(database.db, clock);
    await expect(
      inTransaction(database.db, async (tx) => {
        await jobs.enqueue(tx, 'note', {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(jobsTable)).toHaveLength(0);
  });

  it('keeps one queued job per singleton key, and takes a new one once it has run', async () => {
    const jobs = createJobs(database.db, clock);
    jobs.register('deadline', async () => undefined);
    expect(await jobs.enqueue(database.db, 'deadline', {}, { singletonKey: 'attempt-1' })).toBeTruthy();
    expect(await jobs.enqueue(database.db, 'deadline', {}, { singletonKey: 'attempt-1' })).toBeNull();
    await jobs.runDue();
    expect(await jobs.enqueue(database.db, 'deadline', {}, { singletonKey: 'attempt-1' })).toBeTruthy();
  });

  it('runs each job on one instance only, and takes over a job whose instance stopped', async () => {
    const ran: string[] = [];
    const instances = [createJobs(database.db, clock), createJobs(database.db, clock)];
    instances.forEach((jobs, i) =>
      jobs.register('count', async (payload) => void ran.push(`${payload.n}@${i}`)),
    );
    for (let n = 0; n < 20; n++) await instances[0]!.enqueue(database.db, 'count', { n });
    await Promise.all(instances.map((jobs) => jobs.runDue()));
    expect(ran).toHaveLength(20);
    expect(new Set(ran.map((r) => r.split('@')[0])).size).toBe(20);

    // An instance that claimed a job and died: its lease runs out, another instance runs it.
    const [stuck] = await database.db
      .insert(jobsTable)
      .values({ name: 'count', payload: { n: 99 }, state: 'running', attempts: 1, lockedUntil: clock.now() })
      .returning();
    expect(await instances[1]!.runDue()).toBe(0); // the lease has not run out yet
    clock.advance(1);
    await instances[1]!.runDue();
    expect(ran).toContain('99@1');
    expect(await stateOf(stuck!.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('polls when started, and finishes the running job before stopping', async () => {
    const jobs = createJobs(database.db, clock);
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) =>
      jobs.register('slow', () => {
        resolve();
        return new Promise<void>((r) => (release = r));
      }),
    );
    const id = (await jobs.enqueue(database.db, 'slow', {}))!;
    jobs.start(10);
    await started;
    const stopping = jobs.stop();
    release();
    await stopping;
    expect((await stateOf(id)).state).toBe('done');
    const [count] = (
      (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE state = 'running'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count!.n).toBe(0);
  });
});

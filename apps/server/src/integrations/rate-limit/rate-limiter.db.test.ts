import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';
import { databaseRateLimitStore } from './rate-limiter.js';

describe('database rate-limit store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('never loses a count under concurrent hits', async () => {
    const store = databaseRateLimitStore(database.db);
    const results = await Promise.all(Array.from({ length: 25 }, () => store.hit('k:concurrent', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect((await store.peek('k:concurrent')).count).toBe(25);
  });

  it('peeks at a count and its window without adding to it, and creates nothing', async () => {
    const store = databaseRateLimitStore(database.db);
    expect((await store.peek('k:peek')).count).toBe(0);
    const hit = await store.hit('k:peek', 60_000);
    for (let i = 0; i < 3; i++) {
      const peeked = await store.peek('k:peek');
      expect(peeked.count).toBe(1);
      expect(peeked.resetAt.getTime()).toBe(hit.resetAt.getTime());
    }
    expect((await store.hit('k:peek', 60_000)).count).toBe(2);
    await store.peek('k:peek-never-hit');
    const rows = await database.db.execute(sql`SELECT 1 FROM rate_limits WHERE key = 'k:peek-never-hit'`);
    expect(rows.rows).toEqual([]);
  });

  it('starts a new window once the previous one has expired', async () => {
    const store = databaseRateLimitStore(database.db);
    await store.hit('k:window', 50);
    await store.hit('k:window', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect((await store.peek('k:window')).count).toBe(0);
    expect((await store.hit('k:window', 50)).count).toBe(1);
  });

  it('takes back one count on release, never below zero, and creates nothing', async () => {
    const store = databaseRateLimitStore(database.db);
    await store.hit('k:release', 60_000);
    await store.hit('k:release', 60_000);
    await store.release('k:release');
    expect((await store.peek('k:release')).count).toBe(1);
    await store.release('k:release');
    await store.release('k:release');
    expect((await store.peek('k:release')).count).toBe(0);
    await store.release('k:never-hit');
    expect((await store.peek('k:never-hit')).count).toBe(0);
  });
});

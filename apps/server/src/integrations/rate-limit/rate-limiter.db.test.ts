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

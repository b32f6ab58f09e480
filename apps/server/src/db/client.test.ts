import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPglite, type Database } from './client.js';

/**
 * pglite-socket closes a connection after a failed statement; the pool must replace it without
 * failing the requests that come next (this once turned a sign-up race into a 500).
 */
describe('the embedded database after a failed statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await startPglite('memory://');
    await database.pool.query('CREATE TABLE t (id int PRIMARY KEY)');
    await database.pool.query('INSERT INTO t VALUES (1)');
  });
  afterAll(() => database.close());

  it('keeps answering after a failed query, alone or with others queued behind it', async () => {
    await expect(database.pool.query('INSERT INTO t VALUES ($1)', [1])).rejects.toThrow(/duplicate key/);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
    const results = await Promise.allSettled([
      database.pool.query('INSERT INTO t VALUES ($1)', [1]),
      database.pool.query('SELECT 1 AS x'),
      database.pool.query('SELECT 2 AS y'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });

  it('keeps answering after a transaction that failed on a statement and rolled back', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO t VALUES (${100 + i})`);
          await tx.execute(sql`INSERT INTO t VALUES (1)`);
        }),
      ).rejects.toThrow();
      expect((await database.db.execute(sql`SELECT count(*)::int AS n FROM t`)).rows).toEqual([{ n: 1 }]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { appSecrets } from './schema.js';
import { guardDatabase, inTransaction, NestedDatabaseUseError } from './transactions.js';

describe('inTransaction and the guarded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  const names = async (prefix: string) =>
    (
      await database.db
        .select()
        .from(appSecrets)
        .where(like(appSecrets.name, `${prefix}%`))
    )
      .map((r) => r.name)
      .sort();

  it('commits the work of a transaction, and rolls all of it back when it throws', async () => {
    await inTransaction(database.db, async (tx) => {
      await tx.insert(appSecrets).values({ name: 'commit-1', value: 'a' });
    });
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.insert(appSecrets).values({ name: 'rollback-1', value: 'a' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await names('commit-')).toEqual(['commit-1']);
    expect(await names('rollback-')).toEqual([]);
  });

  it('joins the transaction it is given, so services compose into one unit', async () => {
    const addOne = (executor: Parameters<typeof inTransaction>[0], name: string) =>
      inTransaction(executor, (tx) => tx.insert(appSecrets).values({ name, value: 'x' }));
    await expect(
      inTransaction(database.db, async (tx) => {
        await addOne(tx, 'joined-1');
        await addOne(tx, 'joined-2');
        throw new Error('the second step failed');
      }),
    ).rejects.toThrow('the second step failed');
    expect(await names('joined-')).toEqual([]);
  });

  it('refuses at once a query on the root database inside a transaction, instead of waiting for ever', async () => {
    const db = guardDatabase(database.db);
    const started = Date.now();
    await expect(
      inTransaction(db, async (tx) => {
        await tx.insert(appSecrets).values({ name: 'guarded-1', value: 'x' });
        // The mistake: the root database, not tx. With one embedded connection this would hang.
        await db.select().from(appSecrets).where(eq(appSecrets.name, 'guarded-1'));
      }),
    ).rejects.toBeInstanceOf(NestedDatabaseUseError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await names('guarded-')).toEqual([]);
    // Outside a transaction the guarded database works as the database does.
    expect(await db.select().from(appSecrets).where(eq(appSecrets.name, 'commit-1'))).toHaveLength(1);
  });
});

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Executor, Tx } from './client.js';

/**
 * The one way to run work in a transaction (issue 11, decision 0013). A service takes an
 * `Executor` (the database or a transaction) and, when it needs several writes to stand or fall
 * together, calls `inTransaction(executor, tx => …)` and hands `tx` down: given the database it
 * opens a transaction; given a transaction it joins it, so services compose into one.
 *
 * Inside a transaction the root database must not be used: on PostgreSQL the query would escape
 * the transaction (and its locks), on the embedded database — one connection — it would wait for
 * itself for ever. `guardDatabase` makes that mistake fail at once with a message naming the fix.
 */
const current = new AsyncLocalStorage<Tx>();

/** A transaction handle (it can roll back); the root database cannot. */
const isTransaction = (executor: Executor): executor is Tx => 'rollback' in executor;

export function inTransaction<T>(executor: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTransaction(executor)) return work(executor);
  return executor.transaction((tx) => current.run(tx, () => work(tx)));
}

export class NestedDatabaseUseError extends Error {
  constructor(member: string) {
    super(
      `db.${member} used inside a transaction: pass the transaction down (inTransaction in db/transactions.ts) ` +
        'instead of the database',
    );
    this.name = 'NestedDatabaseUseError';
  }
}

// What starts a query or a transaction on the root database.
const QUERY_MEMBERS = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'transaction',
  'query',
  'with',
  '$count',
  '$client',
]);

/** The database, refusing to start a query while a transaction of `inTransaction` is running. */
export function guardDatabase(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && QUERY_MEMBERS.has(property) && current.getStore()) {
        throw new NestedDatabaseUseError(property);
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

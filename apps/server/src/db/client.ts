import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.js';

/** Drizzle over a pg pool; `$client` is the pool, for the few hot statements prepared by name. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** Opens the pool's connections now rather than on the first burst of requests. */
  warm?(): Promise<void>;
  /** PGlite only: writes the data folder as a tarball, a template for `startPglite`. */
  dumpTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

// Dates and timestamps come back as strings/Dates consistently whatever the server's settings.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * A PostgreSQL server reached by URL. The server keeps its connections open once made (`keepOpen`):
 * opening one costs a backend process and an authentication, and at an exam's start thousands of
 * candidates arrive within seconds — the pool must not be growing back from zero then (issue 12).
 * Tests, with a database each, let idle connections go.
 */
export function connectPostgres(url: string, max = 20, options: { keepOpen?: boolean } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max, ...(options.keepOpen ? { min: max } : {}) });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error('database connection error', err.message));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'postgres',
    async warm() {
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL clients find a server's socket as `{folder}/.s.PGSQL.{port}`. */
const SOCKET_PORT = 5432;

/**
 * The embedded database: PGlite in a worker thread under `dataDir` (or `memory://`), served on a
 * Unix socket in a folder of its own that only this user may enter (issue 20: no open port). The
 * folder is made in the system's temporary folder, whose paths stay within a socket address's
 * 107 bytes wherever DATA_DIR is. The pool holds one connection: PGlite runs one session at a time.
 */
export async function startPglite(dataDir: string, options: { template?: string } = {}): Promise<Database> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-db-'));
  fs.chmodSync(socketDir, 0o700);
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: {
      dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
      socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      template: options.template,
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
    worker.once('message', (m: { type: string }) => {
      if (m.type === 'ready') resolve();
    });
  });
  worker.removeAllListeners('exit');
  const pool = new pg.Pool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // One connection: a caller that waits longer than this for it is stuck (a query on the root
    // database inside a transaction, which db/transactions.ts refuses first), not just queued.
    connectionTimeoutMillis: 15_000,
  });
  // A dropped embedded connection is replaced by the pool; log instead of crashing the process.
  pool.on('error', (err) => console.error('embedded database connection error', err));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'pglite',
    async dumpTo(file: string) {
      const dumped = new Promise<void>((resolve) => {
        const onMessage = (m: { type: string }) => {
          if (m.type !== 'dumped') return;
          worker.off('message', onMessage);
          resolve();
        };
        worker.on('message', onMessage);
      });
      worker.postMessage({ type: 'dump', file });
      await dumped;
    },
    async close() {
      await pool.end();
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (m: { type: string }) => m.type === 'stopped' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'stop' });
      await stopped;
      await worker.terminate();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** A transaction handle; services accept either so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

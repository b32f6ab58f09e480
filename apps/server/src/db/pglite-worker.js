// Runs the embedded PGlite database in a worker thread and serves it on a Unix socket with
// pglite-socket, so the app talks to it through `pg` exactly as it talks to a PostgreSQL server,
// and PGlite's WebAssembly work never blocks the request loop (DESIGN "Stack", data row).
// A Unix socket in an owner-only folder, not a loopback TCP port: PGlite asks for no password,
// so a port would let any process on the machine read the signing key and write any table
// (issue 20). The folder's permissions are the lock.
// Plain JavaScript on purpose: a worker is loaded by Node directly, both from the built app and
// from the TypeScript sources under test.
import { parentPort, workerData } from 'node:worker_threads';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, template } = workerData;
if (!dataDir.startsWith('memory://')) {
  // The data files hold the token-signing key: owner-only, like a PostgreSQL server's own.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

// A template (a data folder dumped by `dump` below) starts a new database without initdb, which
// is most of PGlite's start-up: the tests load one migrated template instead of migrating each time.
const db = await PGlite.create(dataDir, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
// The app's pool holds ONE connection (client.ts): PGlite is a single-session database, and two
// live connections would let one connection's statements run inside another's transaction. The
// server still accepts a few, because pglite-socket drops a connection after a failed statement
// (a unique violation, say) and the pool's replacement must be let in while the old one closes.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
await server.start();
chmodSync(socketPath, 0o600);
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (message) => {
  if (message?.type === 'dump') {
    const tarball = await db.dumpDataDir('none');
    writeFileSync(message.file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    parentPort.postMessage({ type: 'dumped' });
    return;
  }
  if (message?.type !== 'stop') return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ type: 'stopped' });
});

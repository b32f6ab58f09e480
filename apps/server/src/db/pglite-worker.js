// Runs the embedded PGlite database in a worker thread and serves it on a loopback port with
// pglite-socket, so the app talks to it through `pg` exactly as it talks to a PostgreSQL server,
// and PGlite's WebAssembly work never blocks the request loop (DESIGN "Stack", data row).
// Plain JavaScript on purpose: a worker is loaded by Node directly, both from the built app and
// from the TypeScript sources under test.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir } = workerData;
if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });

const db = await PGlite.create(dataDir);
// The app's pool holds ONE connection (client.ts): PGlite is a single-session database, and two
// live connections would let one connection's statements run inside another's transaction. The
// server still accepts a few, because pglite-socket drops a connection after a failed statement
// (a unique violation, say) and the pool's replacement must be let in while the old one closes.
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
await server.start();
const port = Number(server.getServerConn().split(':').pop());
parentPort.postMessage({ type: 'ready', port });

parentPort.on('message', async (message) => {
  if (message?.type !== 'stop') return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ type: 'stopped' });
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(root, 'apps/server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

export interface ServerProcess {
  baseURL: string;
  dataDir: string;
  log: string;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an out-of-memory kill would, and wait. */
  kill(): Promise<void>;
  /** A new process on the same data folder and port. */
  restart(): Promise<void>;
  /** stop(), then the data folder removed. */
  close(): Promise<void>;
}

/**
 * The built server (`node apps/server/dist/main.js`) as a newcomer starts it, on a fresh DATA_DIR
 * (the embedded database unless `env.DATABASE_URL` names a server). `env` may depend on the port
 * the server is given (a CONTENT_ORIGIN on another host name of the same server, say).
 */
export async function startServer(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-e2e-'));
  const log = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    const out = fs.openSync(log, 'a');
    child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_IP_ATTEMPTS: '1000',
        ...(typeof env === 'function' ? env(port) : env),
      },
      stdio: ['ignore', out, out],
    });
    await waitForHealth(baseURL, child);
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  await launch();
  return {
    baseURL,
    dataDir,
    log,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    restart: launch,
    async close() {
      await end('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

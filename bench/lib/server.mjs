// Starts the built server for a benchmark, on the embedded PGlite (fresh DATA_DIR) or on a fresh
// database of the PostgreSQL server named by BENCH_DATABASE_URL (default: the local server).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Node's flags as `npm start` gives them (decision 0034): a benchmark measures the server as it
 * runs, not under Node's defaults.
 */
const startFlags = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((word) => word.startsWith('--'));

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** `env`: settings of this benchmark's server (AUTH_SECRET, ACCESS_TOKEN_MINUTES…). */
export async function startServer(db, env = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-bench-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (db === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `medenglish_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const child = spawn(
    process.execPath,
    [
      ...startFlags,
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
      // BENCH_NODE_FLAGS="--trace-gc": the server's own flags, for diagnosis.
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        // BENCH_SERVER_LOG=file: the server's request log (with each responseTime) for diagnosis.
        LOG_LEVEL: process.env.BENCH_SERVER_LOG ? 'info' : 'warn',
        RATE_LIMIT_IP_ATTEMPTS: '100000000',
        RATE_LIMIT_LOGIN_FAILURES: '100000000',
        ...env,
      },
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore',
        'inherit',
      ],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    /** The benchmark's own database on the PostgreSQL server ('' on the embedded one). */
    databaseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function summarize(name, result) {
  return {
    name,
    connections: result.connections,
    durationSeconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A learner of the demo university (semester 3), signed up through the API: auth data back. */
export async function signUpLearner(url, email, overrides = {}) {
  const res = await fetch(`${url}/api/student`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Poumon2026x',
      firstname: 'Bench',
      name: 'Learner',
      code: 'DEMO-MED-2026',
      semester: 3,
      consent: true,
      typeSite: 1,
      ...overrides,
    }),
  });
  if (!res.ok) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** `count` learners signed up 25 at a time, `{prefix}{i}@demo-univ.fr`, each with its e-mail. */
export async function signUpLearners(url, count, prefix, overrides = {}) {
  const learners = [];
  for (let i = 0; i < count; i += 25) {
    const batch = Array.from({ length: Math.min(25, count - i) }, async (_, j) => {
      const email = `${prefix}${i + j}@demo-univ.fr`;
      return { ...(await signUpLearner(url, email, overrides)), email };
    });
    learners.push(...(await Promise.all(batch)));
  }
  return learners;
}

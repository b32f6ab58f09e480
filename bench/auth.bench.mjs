// Login and GET /api/student/{id} under load, on PGlite and on PostgreSQL.
// Usage: npm run build && node bench/auth.bench.mjs [pglite|postgres ...]
import autocannon from 'autocannon';
import { report } from './lib/report.mjs';
import { startServer, summarize } from './lib/server.mjs';

const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres'];
const results = [];

for (const db of kinds) {
  const server = await startServer(db);
  try {
    const body = JSON.stringify({ email: 'etudiant.demo@demo-univ.fr', password: 'DemoPass2026' });
    const auth = await (
      await fetch(`${server.url}/api/student/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    ).json();

    // Login is bound by argon2id (64 MiB, 3 passes) on purpose: a few cores' worth per second.
    const loginRun = await autocannon({
      url: `${server.url}/api/student/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 10,
      duration: 10,
    });
    results.push({ db, ...summarize('POST /api/student/login', loginRun) });

    const readRun = await autocannon({
      url: `${server.url}/api/student/${auth._id}`,
      headers: { authorization: `Token ${auth.token}` },
      connections: 100,
      duration: 10,
    });
    results.push({ db, ...summarize('GET /api/student/{id}', readRun) });
  } finally {
    await server.stop();
  }
}

report('auth', results);

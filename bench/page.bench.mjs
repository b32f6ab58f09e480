// The single page as the server writes it per visit (apps/server/src/web-page): a signed-in
// /dashboard (the learner's first answers and the dashboard's card reads, by inject, compressed),
// another signed-in page (the first answers only) and the login page (its public configuration),
// for a signed-in visit and for a visitor without a session (the login card drawn by the server).
// Sequential requests, one at a time: the time a visitor waits for the HTML, not a throughput.
// Usage: npm run build && node bench/page.bench.mjs [pglite|postgres] (default postgres)
import { startServer } from './lib/server.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const server = await startServer(process.argv[2] ?? 'postgres');
try {
  const auth = await (
    await fetch(`${server.url}/api/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'etudiant.demo@demo-univ.fr', password: 'DemoPass2026' }),
    })
  ).json();
  const rows = [];
  for (const [page, signedIn] of [
    ['/dashboard', true],
    ['/profile', true],
    ['/', true],
    ['/', false],
  ]) {
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const res = await fetch(`${server.url}${page}`, {
        headers: { ...(signedIn ? { cookie: `token=${auth.token}` } : {}), 'accept-encoding': 'br' },
      });
      await res.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(1);
    rows.push({
      page,
      visitor: signedIn ? 'signed in' : 'no session',
      requests: REQUESTS,
      'p50 ms': at(50),
      'p99 ms': at(99),
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}

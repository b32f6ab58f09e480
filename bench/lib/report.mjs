// Prints a benchmark's results as a table and keeps them in bench/results/<name>.json.
import fs from 'node:fs';
import path from 'node:path';

export function report(name, results) {
  console.table(
    results.map((r) => ({
      db: r.db,
      ...(r.scenario ? { scenario: r.scenario } : { call: r.name }),
      conns: r.connections,
      requests: r.requests,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    })),
  );
  const out = path.join(import.meta.dirname, '..', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, `${name}.json`),
    JSON.stringify({ date: new Date().toISOString(), machine: '2 cores, 24 GiB', results }, null, 2) + '\n',
  );
}

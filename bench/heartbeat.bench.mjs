// PUT /api/unittrackers/timer/{id} — the study-time heartbeat every active learner sends every
// 30 s — with 1,000 concurrent connections on PostgreSQL. 10,000 active learners make about 350
// beats per second: the paced scenario; saturation gives the ceiling.
// Usage: npm run build && node bench/heartbeat.bench.mjs [postgres|pglite ...]
import autocannon from 'autocannon';
import { report } from './lib/report.mjs';
import { signUpLearners, startServer, summarize } from './lib/server.mjs';
import { spreadLoad } from './lib/spread-load.mjs';

const LEARNERS = 1000;
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['postgres'];
const results = [];

function beats(learners) {
  let turn = 0;
  return [
    {
      method: 'PUT',
      setupRequest: (req) => {
        const learner = learners[turn++ % learners.length];
        return {
          ...req,
          path: `/api/unittrackers/timer/${learner._id}`,
          headers: { 'content-type': 'application/json', authorization: `Token ${learner.token}` },
          body: JSON.stringify({ unit: 'unit-1', time: 30 }),
        };
      },
    },
  ];
}

for (const db of kinds) {
  const server = await startServer(db);
  try {
    const learners = await signUpLearners(server.url, LEARNERS, 'beat');
    // 10,000 learners beating every 30 s: 350 beats a second. Spread: 350 connections beating
    // once a second, in 50 slices through the second, beside 650 idle keep-alive connections
    // (1,000 open in all). Burst: the same 350 beats all at the same instant of each second, the
    // worst case of synchronised clients.
    // Three runs: on two cores shared with the load generator, the tail varies from run to run.
    for (let run = 1; run <= 3; run++) {
      const spread = await spreadLoad({
        url: server.url,
        connections: 350,
        slices: 50,
        idleConnections: LEARNERS - 350,
        duration: 20,
        requests: beats(learners),
      });
      results.push({
        db,
        scenario: `paced 350 beats/s, spread, 1,000 connections (run ${run})`,
        name: 'PUT /api/unittrackers/timer/{id}',
        ...spread,
      });
    }
    const burst = await autocannon({
      url: server.url,
      connections: 350,
      overallRate: 350,
      duration: 20,
      ignoreCoordinatedOmission: true,
      requests: beats(learners),
    });
    results.push({
      db,
      scenario: 'paced 350 beats/s, 1-s bursts',
      ...summarize('PUT /api/unittrackers/timer/{id}', burst),
    });
    const saturation = await autocannon({
      url: server.url,
      connections: LEARNERS,
      duration: 15,
      requests: beats(learners),
    });
    results.push({
      db,
      scenario: 'saturation',
      ...summarize('PUT /api/unittrackers/timer/{id}', saturation),
    });
  } finally {
    await server.stop();
  }
}

report('heartbeat', results);

// PUT /api/unittrackers/timer/{id} — the study-time heartbeat every active learner sends every
// 30 s — with 1,000 concurrent connections on PostgreSQL. 10,000 active learners make about 350
// beats per second: the paced scenario; saturation gives the ceiling.
// Usage: npm run build && node bench/heartbeat.bench.mjs [postgres|pglite ...]
import autocannon from 'autocannon';
import { report } from './lib/report.mjs';
import { signUpLearner, startServer, summarize } from './lib/server.mjs';

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
    const learners = [];
    for (let i = 0; i < LEARNERS; i += 25) {
      learners.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, (_, j) => signUpLearner(server.url, `beat${i + j}@demo-univ.fr`)),
        )),
      );
    }
    // autocannon paces each connection at whole-second ticks, so 350 connections at 1 beat/s
    // arrive as one burst of 350 a second; 35 connections at 10 beats/s spread the same load in
    // bursts of 35 every 100 ms, closer to learners' beats falling at random moments.
    for (const connections of [350, 35]) {
      const paced = await autocannon({
        url: server.url,
        connections,
        overallRate: 350,
        duration: 20,
        requests: beats(learners),
      });
      results.push({
        db,
        scenario: `paced 350 beats/s, ${connections === 350 ? '1-s bursts' : 'spread'}`,
        ...summarize('PUT /api/unittrackers/timer/{id}', paced),
      });
    }
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

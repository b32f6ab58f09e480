// Two instances behind a round-robin balancer on one PostgreSQL database (issue 16): the study
// heartbeat at its paced load (350 beats/s, 1,000 connections) through the balancer, then each
// instance's /metrics for the heartbeat route. The balancer is a few lines of node:http on the
// same two cores: it adds its own latency; what this shows is that two instances share the load
// without an error, and what each measured itself.
// Usage: npm run build && node bench/multi-instance.bench.mjs
import http from 'node:http';
import { report } from './lib/report.mjs';
import { signUpLearners, startServer } from './lib/server.mjs';
import { spreadLoad } from './lib/spread-load.mjs';

const LEARNERS = 1000;
const first = await startServer('postgres');
const second = await startServer('pglite', { DATABASE_URL: first.databaseUrl });
const upstreams = [first.url, second.url].map((u) => new URL(u));
const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });
let turn = 0;
const served = [0, 0];
const balancer = http.createServer((req, res) => {
  const index = turn++ % 2;
  served[index]++;
  const upstream = upstreams[index];
  const forward = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      path: req.url,
      method: req.method,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => res.writeHead(502).end());
  req.pipe(forward);
});
await new Promise((r) => balancer.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${balancer.address().port}`;

try {
  const learners = await signUpLearners(url, LEARNERS, 'multi');
  const requests = [
    {
      method: 'PUT',
      setupRequest: (req) => {
        const learner = learners[turn % learners.length];
        return {
          ...req,
          path: `/api/unittrackers/timer/${learner._id}`,
          headers: { 'content-type': 'application/json', authorization: `Token ${learner.token}` },
          body: JSON.stringify({ unit: 'unit-1', time: 30 }),
        };
      },
    },
  ];
  const spread = await spreadLoad({
    url,
    connections: 350,
    slices: 50,
    idleConnections: 650,
    duration: 20,
    requests,
  });
  const perInstance = [];
  for (const upstream of [first.url, second.url]) {
    const text = await (await fetch(`${upstream}/metrics`)).text();
    const count = text.match(
      /http_request_duration_seconds_count\{method="PUT",route="\/api\/unittrackers\/timer\/:id",status_code="200"\} (\d+)/,
    );
    const under50 = text.match(
      /http_request_duration_seconds_bucket\{le="0.05",method="PUT",route="\/api\/unittrackers\/timer\/:id",status_code="200"\} (\d+)/,
    );
    perInstance.push({
      instance: upstream,
      beats: Number(count?.[1] ?? 0),
      within50ms: Number(under50?.[1] ?? 0),
    });
  }
  report('multi-instance', [
    {
      db: 'postgres',
      scenario: 'two instances behind a round-robin balancer, paced 350 beats/s, spread, 1,000 connections',
      name: 'PUT /api/unittrackers/timer/{id}',
      ...spread,
      servedByInstance: served,
      metricsByInstance: perInstance,
    },
  ]);
} finally {
  balancer.close();
  agent.destroy();
  await second.stop();
  await first.stop();
}

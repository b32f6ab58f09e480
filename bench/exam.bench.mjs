// Issue 12: 5,000 candidates sitting a quiz exam on one instance, on PostgreSQL. They all start
// within 10 s (POST /examtype1/init), then each syncs its timer every 15 s (PUT /examtype1/data)
// and answers a question every 30 s (PUT /examtype1/{testId}), each at their own moment — about
// 333 syncs and 167 answers a second. The start burst and the steady exam are reported apart.
// CANDIDATES=n for another size, EXAM_SECONDS=n for a longer steady phase (default 60).
// Usage: npm run build && node bench/exam.bench.mjs
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { SignJWT } from 'jose';
import pg from 'pg';
import { report } from './lib/report.mjs';
import { startServer } from './lib/server.mjs';

const CANDIDATES = Number(process.env.CANDIDATES ?? 5000);
/**
 * Candidates of another sitting who start first, unmeasured: on exam day the instance has been
 * serving logins and dashboards for a while, so the burst meets a warm server (compiled code,
 * open database connections), not one started a second earlier.
 */
const WARMUP = 1000;
const START_WINDOW_MS = 10_000;
const EXAM_MS = Number(process.env.EXAM_SECONDS ?? 60) * 1000;
const SYNC_MS = 15_000;
const ANSWER_MS = 30_000;
const POOL = 's3-clinical-communication';
// The benchmark signs its candidates' access tokens with the server's key: 5,000 sign-ups and
// logins through the API would spend minutes hashing passwords, which is not what is measured.
const SECRET = 'bench-exam-secret-0123456789abcdef0123456789';

const round = (ms) => Math.round(ms * 10) / 10;
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

function summary(name, samples, seconds, connections) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    db: 'postgres',
    scenario: name,
    name,
    connections,
    durationSeconds: round(seconds),
    requests: samples.length,
    requestsPerSecond: Math.round(samples.length / seconds),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
    },
    non2xx: samples.filter((s) => s.status < 200 || s.status >= 300).length,
    errors: samples.filter((s) => s.status === 0).length,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

function request(url, method, path, token, body) {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${url}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Token ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: Buffer.alloc(0) }));
    req.end(payload);
  });
}

/** Candidates of Université Démo in S3 – Groupe A, written straight into the benchmark's database. */
async function makeCandidates(databaseUrl, count, prefix) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const {
    rows: [group],
  } = await db.query(`SELECT id, company_id FROM groups WHERE name = 'S3 – Groupe A'`);
  const { rows } = await db.query(
    `INSERT INTO users (email, password_hash, firstname, name, company_id, semester, placementtest, test_finish, is_verified)
     SELECT $3 || i || '@demo-univ.fr', '', 'Bench', 'CANDIDATE', $1, 3, true, true, true
     FROM generate_series(1, $2::int) AS i RETURNING id`,
    [group.company_id, count, prefix],
  );
  await db.query(`INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::uuid[])`, [
    group.id,
    rows.map((r) => r.id),
  ]);
  // A live database keeps its planner statistics; thousands of rows written a second ago would
  // otherwise be planned as the empty tables of a fresh database until autovacuum passes.
  await db.query('ANALYZE users; ANALYZE group_members;');
  await db.end();
  const key = new TextEncoder().encode(SECRET);
  const now = Math.floor(Date.now() / 1000);
  return Promise.all(
    rows.map(async ({ id }) => ({
      id,
      groupId: group.id,
      token: await new SignJWT({ cid: group.company_id, rol: 'learner' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuedAt(now)
        .setExpirationTime(now + 4 * 3600)
        .sign(key),
    })),
  );
}

/** A well-formed answer (the question's options as shown): the engine's shapes. */
const answerTo = (q) =>
  q.type === 'fillblank'
    ? Array.from({ length: q.name.split('___').length - 1 }, (_, i) => i)
    : q.type === 'd&d'
      ? q.answers.map((_, i) => i)
      : [0];

const server = await startServer('postgres', { AUTH_SECRET: SECRET, ACCESS_TOKEN_MINUTES: '240' });
const results = [];
try {
  const candidates = await makeCandidates(server.databaseUrl, CANDIDATES, 'candidate');
  const warmup = await makeCandidates(server.databaseUrl, WARMUP, 'warmup');

  /**
   * Every candidate of `group` starts within `windowMs`, at an even pace. `keep`: read their
   * attempts afterwards (the measured candidates answer them later; the warm-up's are dropped,
   * else parsing and holding 1,000 attempts here just before the burst would have this process
   * collect them during the burst's first seconds and count its own pauses as the server's).
   */
  async function startAll(group, windowMs, began, keep) {
    const out = [];
    await Promise.all(
      group.map(
        (c, i) =>
          new Promise((resolve) =>
            setTimeout(
              async () => {
                // How late this process fired the timer: a pause of the load generator, not the server's.
                const late = performance.now() - began - (i * windowMs) / group.length;
                const res = await request(server.url, 'POST', `/api/examtype1/init/${POOL}`, c.token, {
                  user: c.id,
                  groupId: c.groupId,
                });
                out.push({ ...res, at: performance.now() - began, late });
                // Read after the burst: parsing 5,000 answers of 17 KB here would delay this very
                // process's clocks and count the load generator's work as the server's.
                if (keep && res.status === 200) c.raw = res.body;
                resolve();
              },
              (i * windowMs) / group.length,
            ),
          ),
      ),
    );
    for (const c of group) {
      if (!c.raw) continue;
      const attempt = JSON.parse(c.raw.toString());
      c.testId = attempt.testId;
      c.questions = attempt.questions;
      c.next = 0;
      delete c.raw;
    }
    return out;
  }
  // At the exam's own pace, so the database pool and the sockets are the size the exam needs.
  await startAll(warmup, 2000, performance.now(), false);
  await new Promise((r) => setTimeout(r, 500));

  // The start: every candidate within 10 s, at an even pace.
  const startBegan = performance.now();
  const starts = await startAll(candidates, START_WINDOW_MS, startBegan, true);
  if (process.env.BENCH_TIMELINE) {
    for (let second = 0; second * 1000 < START_WINDOW_MS + 5000; second++) {
      const inSecond = starts.filter((s) => s.at >= second * 1000 && s.at < (second + 1) * 1000);
      const sorted = inSecond.map((s) => s.ms).sort((a, b) => a - b);
      const late = Math.max(0, ...inSecond.map((s) => s.late));
      console.log(
        `start second ${second}: ${inSecond.length} answers, p50 ${round(percentile(sorted, 50))} ms, p99 ${round(percentile(sorted, 99))} ms, load generator up to ${round(late)} ms late`,
      );
    }
  }
  results.push(
    summary(
      `start: ${CANDIDATES.toLocaleString('en-GB')} candidates within 10 s`,
      starts,
      (performance.now() - startBegan) / 1000,
      1000,
    ),
  );

  // The exam: each candidate's own rhythm, a random phase in each period.
  const events = [];
  for (const c of candidates.filter((c) => c.testId)) {
    const syncPhase = Math.random() * SYNC_MS;
    for (let t = syncPhase; t < EXAM_MS; t += SYNC_MS) events.push({ t, c, kind: 'sync' });
    const answerPhase = Math.random() * ANSWER_MS;
    for (let t = answerPhase; t < EXAM_MS; t += ANSWER_MS) events.push({ t, c, kind: 'answer' });
  }
  events.sort((a, b) => a.t - b.t);
  const syncs = [];
  const answers = [];
  const pending = [];
  const examBegan = performance.now();
  let i = 0;
  while (i < events.length) {
    const elapsed = performance.now() - examBegan;
    while (i < events.length && events[i].t <= elapsed) {
      const { c, kind } = events[i++];
      if (kind === 'sync') {
        pending.push(
          request(server.url, 'PUT', `/api/examtype1/data/${c.testId}`, c.token, { timer: 5400 }).then((r) =>
            syncs.push(r),
          ),
        );
      } else {
        const position = c.next++;
        const q = c.questions[position];
        pending.push(
          request(server.url, 'PUT', `/api/examtype1/${c.testId}`, c.token, {
            answers: [{ position, question: q._id, answerIndex: answerTo(q) }],
          }).then((r) => answers.push(r)),
        );
      }
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - examBegan) / 1000;
  results.push(summary(`exam: timer syncs (every 15 s each)`, syncs, seconds, 1000));
  results.push(summary(`exam: answers (every 30 s each)`, answers, seconds, 1000));
  results.push(summary(`exam: syncs and answers together`, [...syncs, ...answers], seconds, 1000));
} finally {
  agent.destroy();
  await server.stop();
}
report('exam', results);

// PUT /api/test/{testId} under load: 200 learners taking the placement test at once, each submit
// carrying every answer so far (as the web app does, SPEC §4). On PGlite and PostgreSQL, in two
// scenarios:
//  - paced: the 200 learners together submit 200 answers per second (each learner one answer a
//    second, far brisker than the ~40 s a real question takes), over 20 keep-alive connections as
//    a proxy in front of the server would hold them: the latency a learner sees;
//  - saturation: each learner submits again as soon as the last answer is saved: the throughput.
// Usage: npm run build && node bench/placement.bench.mjs [pglite|postgres ...]
import autocannon from 'autocannon';
import { report } from './lib/report.mjs';
import { signUpLearner, startServer, summarize } from './lib/server.mjs';
import { spreadLoad } from './lib/spread-load.mjs';

const LEARNERS = 200;
const ANSWERS_EACH = 60;
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['postgres', 'pglite'];
const results = [];

const json = async (url, init) => {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** Any well-formed answer: the benchmark measures saving, not scoring. */
function answerFor(q) {
  if (q.type === 'fillblank')
    return q.name
      .split('___')
      .slice(1)
      .map((_, i) => i);
  if (q.type === 'd&d') return q.answers.map((_, i) => i);
  return [0];
}

async function prepareLearners(url, prefix) {
  const learners = [];
  for (let i = 0; i < LEARNERS; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, LEARNERS - i) }, async (_, j) => {
        const auth = await signUpLearner(url, `${prefix}${i + j}@demo-univ.fr`);
        const test = await json(`${url}/api/test/init/placement-v1`, {
          method: 'POST',
          headers: { authorization: `Token ${auth.token}` },
          body: JSON.stringify({ user: auth._id, type: 'placement' }),
        });
        // The order is adaptive (issue 17): the server names each next question as it goes.
        return { token: auth.token, testId: test.testId, answers: [], next: test.questions[0] };
      }),
    );
    learners.push(...batch);
  }
  return learners;
}

/**
 * Each request is the next learner's next answer, whatever the connection: learners take turns,
 * and each submit carries every answer that learner has given so far plus one to the question the
 * server named last. Until that reply is in (or once a learner has given ANSWERS_EACH), the same
 * answers are sent again, which the server accepts as it is.
 */
function submitRequests(learners) {
  let turn = 0;
  return [
    {
      method: 'PUT',
      setupRequest: (req, context) => {
        const learner = learners[turn++ % learners.length];
        const answers =
          learner.next && learner.answers.length < ANSWERS_EACH
            ? [...learner.answers, { question: learner.next._id, answerIndex: answerFor(learner.next) }]
            : learner.answers;
        context.learner = learner;
        context.sent = answers;
        return {
          ...req,
          path: `/api/test/${learner.testId}`,
          headers: { 'content-type': 'application/json', authorization: `Token ${learner.token}` },
          body: JSON.stringify({ answers }),
        };
      },
      onResponse: (status, body, context) => {
        const { learner, sent } = context;
        if (status !== 200 || sent.length <= learner.answers.length) return;
        learner.answers = sent;
        learner.next = JSON.parse(body).next;
      },
    },
  ];
}

for (const db of kinds) {
  const server = await startServer(db);
  try {
    const paced = await prepareLearners(server.url, 'paced');
    // Each learner answers once a second, the 200 spread through the second (lib/spread-load.mjs).
    const pacedRun = await spreadLoad({
      url: server.url,
      connections: LEARNERS,
      slices: 40,
      duration: ANSWERS_EACH / 2,
      requests: submitRequests(paced),
    });
    results.push({
      db,
      scenario: 'paced 200 answers/s, spread',
      name: 'PUT /api/test/{testId}',
      ...pacedRun,
    });

    const saturated = await prepareLearners(server.url, 'saturated');
    const saturationRun = await autocannon({
      url: server.url,
      connections: LEARNERS,
      amount: LEARNERS * ANSWERS_EACH,
      requests: submitRequests(saturated),
    });
    results.push({ db, scenario: 'saturation', ...summarize('PUT /api/test/{testId}', saturationRun) });
  } finally {
    await server.stop();
  }
}

report('placement', results);

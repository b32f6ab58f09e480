// The dashboard's 30-second re-evaluation (SPEC §4/§9): every open dashboard asks for the global
// results, the unit trackers and the idle tracker of its group every 30 s. 6,000 dashboards open
// at once (a third of the 20,000 active learners one instance must carry, issue 10) make 200 of
// each per second: 600 reads a second, spread through the second, beside the same learners'
// heartbeats (200 beats/s). DASHBOARDS=3000 measures the earlier load.
// Usage: npm run build && node bench/dashboard.bench.mjs [postgres|pglite ...]
import { report } from './lib/report.mjs';
import { signUpLearners, startServer } from './lib/server.mjs';
import { spreadLoad } from './lib/spread-load.mjs';

const LEARNERS = 300;
const DASHBOARDS = Number(process.env.DASHBOARDS ?? 6000);
/** Each dashboard: three reads and one beat every 30 s. */
const REQUESTS_PER_SECOND = Math.round((DASHBOARDS * 4) / 30);
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['postgres'];
const results = [];

async function groupOf(url, learner) {
  const res = await fetch(`${url}/api/group/user/${learner._id}`, {
    headers: { authorization: `Token ${learner.token}` },
  });
  const [group] = await res.json();
  return group._id;
}

/** Each request is the next learner's next call of the dashboard's three, or a heartbeat. */
function dashboardCalls(learners) {
  let turn = 0;
  return [
    {
      method: 'GET',
      setupRequest: (req) => {
        const n = turn++;
        const l = learners[Math.floor(n / 4) % learners.length];
        const headers = { authorization: `Token ${l.token}` };
        const paths = [
          `/api/results/global/${l._id}/${encodeURIComponent(l.email)}/${l.groupId}`,
          `/api/unittrackers/user/${l._id}/${l.groupId}`,
          `/api/idletracker/user/${l._id}/${l.groupId}`,
        ];
        if (n % 4 === 3) {
          return {
            ...req,
            method: 'PUT',
            path: `/api/unittrackers/timer/${l._id}`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ time: 30, group: l.groupId }),
          };
        }
        return { ...req, method: 'GET', path: paths[n % 4], headers };
      },
    },
  ];
}

for (const db of kinds) {
  const server = await startServer(db);
  try {
    // Clinique Démo skips the placement test: its learners join the path group at once.
    const learners = await signUpLearners(server.url, LEARNERS, 'dash', {
      code: 'DEMO-CLINIC-2026',
      semester: undefined,
      phone: '+33 1 23 45 67 89',
      jobTitle: 'Infirmier',
      needs: ['telephoning'],
    });
    for (const l of learners) l.groupId = await groupOf(server.url, l);
    const run = await spreadLoad({
      url: server.url,
      connections: REQUESTS_PER_SECOND,
      slices: 50,
      duration: 20,
      requests: dashboardCalls(learners),
    });
    results.push({
      db,
      scenario: `${DASHBOARDS.toLocaleString('en-GB')} open dashboards: ${(REQUESTS_PER_SECOND * 3) / 4} reads/s + ${REQUESTS_PER_SECOND / 4} beats/s, spread`,
      name: 'dashboard re-evaluation',
      ...run,
    });
  } finally {
    await server.stop();
  }
}

report('dashboard', results);

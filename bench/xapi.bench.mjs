// POST /api/xapi/statements — what the content frames of learners working in units send: an
// `answered` statement per checked question, a state document per page, a `completed` at the end
// of a unit (which also updates the learner's unit result). 3,000 learners in a unit at once,
// each reporting about every 10 s, make 300 writes a second, spread through the second.
// Usage: npm run build && node bench/xapi.bench.mjs [postgres|pglite ...]
import autocannon from 'autocannon';
import { report } from './lib/report.mjs';
import { signUpLearners, startServer, summarize } from './lib/server.mjs';
import { spreadLoad } from './lib/spread-load.mjs';

const LEARNERS = 300;
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['postgres'];
const results = [];

/** Each learner's group, first unit, and the launch credentials of that unit. */
async function launch(url, learner) {
  const headers = { authorization: `Token ${learner.token}`, 'content-type': 'application/json' };
  const [group] = await (await fetch(`${url}/api/group/user/${learner._id}`, { headers })).json();
  const modules = await (
    await fetch(`${url}/api/module/user/${learner._id}/${group._id}`, { headers })
  ).json();
  const unit = modules[0].units[0].unit;
  const res = await fetch(`${url}/api/xapi/launch/${unit._id}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ groupId: group._id }),
  });
  const q = new URL((await res.json()).url, url).searchParams;
  return {
    auth: q.get('auth'),
    actor: JSON.parse(q.get('actor')),
    activityId: q.get('activity_id'),
    registration: q.get('registration'),
  };
}

const verb = (name) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });

/** Eight answers, one state write, one completion, round robin over the learners. */
function unitWrites(launches) {
  let turn = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const n = turn++;
        const l = launches[n % launches.length];
        const headers = {
          authorization: l.auth,
          'x-experience-api-version': '1.0.3',
          'content-type': 'application/json',
        };
        const kind = n % 10;
        if (kind === 8) {
          const agent = encodeURIComponent(JSON.stringify(l.actor));
          return {
            ...req,
            method: 'PUT',
            path: `/api/xapi/activities/state?stateId=resume&activityId=${encodeURIComponent(l.activityId)}&agent=${agent}&registration=${l.registration}`,
            headers,
            body: JSON.stringify({ section: n % 7, answers: { q1: 1, q2: 'history' }, checked: ['1'] }),
          };
        }
        const statement =
          kind === 9
            ? {
                actor: l.actor,
                verb: verb('completed'),
                object: { id: l.activityId },
                result: { completion: true, score: { raw: 9, min: 0, max: 12, scaled: 0.75 } },
                context: { registration: l.registration },
              }
            : {
                actor: l.actor,
                verb: verb('answered'),
                object: {
                  id: `${l.activityId}/q${kind}`,
                  definition: { type: 'http://adlnet.gov/expapi/activities/cmi.interaction' },
                },
                result: { success: true, response: 'history' },
                context: {
                  registration: l.registration,
                  contextActivities: { parent: [{ id: l.activityId }] },
                },
              };
        return {
          ...req,
          method: 'POST',
          path: '/api/xapi/statements',
          headers,
          body: JSON.stringify(statement),
        };
      },
    },
  ];
}

for (const db of kinds) {
  const server = await startServer(db);
  try {
    // Clinique Démo skips the placement test: its learners join the path group at once.
    const learners = await signUpLearners(server.url, LEARNERS, 'lrs', {
      code: 'DEMO-CLINIC-2026',
      semester: undefined,
      phone: '+33 1 23 45 67 89',
      jobTitle: 'Infirmier',
      needs: ['telephoning'],
    });
    const launches = [];
    for (const l of learners) launches.push(await launch(server.url, l));
    for (let run = 1; run <= 2; run++) {
      const spread = await spreadLoad({
        url: server.url,
        connections: 300,
        slices: 50,
        duration: 20,
        requests: unitWrites(launches),
      });
      results.push({
        db,
        scenario: `paced 300 writes/s (80 % answered, 10 % state, 10 % completed), spread (run ${run})`,
        name: 'POST /api/xapi/statements + PUT state',
        ...spread,
      });
    }
    const saturation = await autocannon({
      url: server.url,
      connections: 300,
      duration: 15,
      requests: unitWrites(launches),
    });
    results.push({
      db,
      scenario: 'saturation',
      ...summarize('POST /api/xapi/statements + PUT state', saturation),
    });
  } finally {
    await server.stop();
  }
}

report('xapi', results);

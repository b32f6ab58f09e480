import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/browser';
import { startServer, type ServerProcess } from '../support/server-process';

const OPEN_POOL = 's3-clinical-communication';
const LEARNER = 'tiers-temps.demo@demo-univ.fr';

/**
 * Issue 12 "never lose an answer": the server process is killed (SIGKILL: no shutdown, no flush)
 * in the middle of an exam while answers are on their way, then started again on the same data.
 * Every answer the server acknowledged before the kill must be there, unchanged — on the embedded
 * database, and on a PostgreSQL server when TEST_DATABASE_URL names one (as CI does).
 */
const databases: { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: 'the embedded database', env: async () => ({}) },
];
const postgresUrl = process.env.TEST_DATABASE_URL;
const created: string[] = [];
if (postgresUrl) {
  databases.push({
    name: 'PostgreSQL',
    env: async () => {
      const name = `medenglish_kill_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      created.push(name);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      return { DATABASE_URL: url.toString() };
    },
  });
}

afterAll(async () => {
  if (!postgresUrl) return;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function signIn(base: string) {
  const res = await fetch(`${base}/api/student/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: LEARNER, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; _id: string };
}

interface Question {
  _id: string;
  type: string;
  name: string;
  answers: unknown[];
}

/** A well-formed answer to any question type (the second option where there is a choice). */
const answerTo = (q: Question) =>
  q.type === 'fillblank'
    ? Array.from({ length: q.name.split('___').length - 1 }, (_, i) => i + 1)
    : q.type === 'd&d'
      ? q.answers.map((_, i) => q.answers.length - 1 - i)
      : [1];

describe.each(databases)('an exam survives the server being killed, on $name', ({ env }) => {
  let server: ServerProcess | undefined;
  afterAll(async () => server?.close());

  it('keeps every answer acknowledged before SIGKILL, and the attempt resumes with its time', async () => {
    server = await startServer(await env());
    const base = server.baseURL;
    let auth = await signIn(base);
    const headers = () => ({ authorization: `Token ${auth.token}`, 'content-type': 'application/json' });
    const groups = (await (
      await fetch(`${base}/api/group/user/${auth._id}`, { headers: headers() })
    ).json()) as {
      _id: string;
      name: string;
    }[];
    const groupId = groups.find((g) => g.name === 'S3 – Groupe A')!._id;
    const start = async () =>
      (await (
        await fetch(`${base}/api/examtype1/init/${OPEN_POOL}`, {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify({ user: auth._id, groupId }),
        })
      ).json()) as {
        testId: string;
        deadline: string;
        questions: Question[];
        answers: { position: number; answerIndex: number[] }[];
      };
    const attempt = await start();
    const sent = attempt.questions.map((q, position) => ({
      position,
      question: q._id,
      answerIndex: answerTo(q),
    }));

    // Answers one by one as a candidate gives them; the kill lands while one is on its way.
    const acknowledged: number[] = [];
    let killed = false;
    for (const answer of sent) {
      if (answer.position === 6) setTimeout(() => void server!.kill().then(() => (killed = true)), 5);
      try {
        const res = await fetch(`${base}/api/examtype1/${attempt.testId}`, {
          method: 'PUT',
          headers: headers(),
          body: JSON.stringify({ answers: [answer] }),
        });
        if (res.status === 200) acknowledged.push(answer.position);
        else break;
      } catch {
        break; // the connection died with the server
      }
    }
    await expect.poll(() => killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(6);

    await server.restart();
    auth = await signIn(base);
    const resumed = await start();
    expect(resumed.testId).toBe(attempt.testId);
    expect(resumed.deadline).toBe(attempt.deadline);
    for (const position of acknowledged) {
      const saved = resumed.answers.find((a) => a.position === position);
      expect(saved?.answerIndex, `answer ${position}`).toEqual(sent[position]!.answerIndex);
    }
    // Nothing beyond what was sent, and no gap.
    expect(resumed.answers.map((a) => a.position)).toEqual(resumed.answers.map((_, i) => i));
  }, 120_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverLog: string;
    /** The demo satisfaction survey, which journeys not about it put off ("later"). */
    surveyId: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** The id of the survey offered to the demo learners, read through the API as the app does. */
export async function demoSurveyId(baseURL: string): Promise<string> {
  const post = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const auth = (await (
    await fetch(`${baseURL}/api/student/login`, {
      ...post,
      body: JSON.stringify({ email: 'etudiant.demo@demo-univ.fr', password: 'DemoPass2026' }),
    })
  ).json()) as { token: string; _id: string };
  const headers = { authorization: `Token ${auth.token}` };
  const user = (await (await fetch(`${baseURL}/api/student/${auth._id}`, { headers })).json()) as {
    company: string;
    semester: number;
  };
  const survey = (await (
    await fetch(`${baseURL}/api/survey/single/${auth._id}/Students/${user.semester}/${user.company}`, {
      headers,
    })
  ).json()) as { _id: string };
  return survey._id;
}

/** What the template needs of the built server's db/client.js. */
interface EmbeddedClient {
  startPglite(dataDir: string): Promise<{
    db: unknown;
    dumpTo?(file: string): Promise<void>;
    close(): Promise<void>;
  }>;
}

/**
 * One migrated embedded database for the run, from the built server's own code: every server the
 * journeys start (this one, and those a spec starts for itself) copies it instead of running
 * initdb, most of a start-up (PGLITE_TEMPLATE). Set in the environment the spec workers inherit.
 */
async function databaseTemplate(): Promise<{ file: string; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-e2e-template-'));
  const file = path.join(dir, 'migrated.tar');
  const client = (await import(path.join(root, 'apps/server/dist/db/client.js'))) as EmbeddedClient;
  const migrate = (await import(path.join(root, 'apps/server/dist/db/migrate.js'))) as {
    migrateDatabase(db: unknown): Promise<void>;
  };
  const database = await client.startPglite('memory://');
  try {
    await migrate.migrateDatabase(database.db);
    await database.dumpTo!(file);
  } finally {
    await database.close();
  }
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the built server as a newcomer would (`node apps/server/dist/main.js`) on a fresh DATA_DIR. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it).');
  }
  const template = await databaseTemplate();
  process.env.PGLITE_TEMPLATE = template.file;
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('serverLog', server.log);
  project.provide('surveyId', await demoSurveyId(server.baseURL));
  return async () => {
    await server.close();
    template.remove();
  };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres, startPglite } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';

/**
 * One migrated database per test run, copied for each test file instead of built again: a fresh
 * PGlite spends most of its start-up in initdb (about 20 s of the 25 s a context took on a loaded
 * two-core machine), and a fresh PostgreSQL database runs every migration. PGlite loads a dumped
 * data folder; PostgreSQL copies a template database (CREATE DATABASE … TEMPLATE).
 * Each file still gets a database of its own, so tests stay independent.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DB=pglite: the tarball of a migrated data folder. */
    pgliteTemplate: string;
    /** TEST_DB=pg: the name of a migrated template database on TEST_DATABASE_URL's server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'pg' || project.config.env?.TEST_DB === 'pg') return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await startPglite('memory://');
  try {
    await migrateDatabase(database.db);
    await database.dumpTo!(file);
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgliteTemplate', '');
  // The Redis-only run (TEST_REDIS_URL without TEST_DATABASE_URL) needs no database.
  if (!url) {
    project.provide('postgresTemplate', '');
    return async () => undefined;
  }
  const name = `medenglish_template_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  // The copies can only be made once nobody is connected to the template: close before providing.
  const database = connectPostgres(target.toString(), 2);
  try {
    await migrateDatabase(database.db);
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
}

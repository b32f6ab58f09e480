import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, type MedEnglishApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { connectPostgres, startPglite, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { examPoolsDir, placementContentDir } from '../demo/content-paths.js';
import { loadPoolsFrom } from '../modules/exams/index.js';
import { loadFunFacts, seedDashboardIfEmpty } from '../demo/dashboard-seed.js';
import { seedDemoIfEmpty } from '../demo/seed.js';
import { seedExamSubjects } from '../demo/exam-subjects.js';
import { seedGlossaryIfEmpty } from '../demo/glossary-seed.js';
import { loadToolboxContent } from '../demo/toolbox-seed.js';
import { seedWebinarsIfEmpty } from '../demo/webinars-seed.js';
import { diskStorage } from '../integrations/storage/disk-storage.js';
import type { Storage } from '../integrations/storage/storage.js';
import { loadPlacementBank } from '../modules/placement/bank-loader.js';
import { fixedClock } from '../lib/clock.js';
import { demoEvaluoExams } from '../demo/evaluo-exams.js';
import { startEvaluoSimulator } from '../integrations/evaluo/evaluo-simulator.js';

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by close(): a copy of the
 * run's migrated template (test/database-template.global.ts).
 */
async function createPostgresDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `medenglish_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = connectPostgres(target.toString(), 10);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestDatabase(): Promise<Database> {
  const database =
    process.env.TEST_DB === 'pg'
      ? await createPostgresDatabase()
      : await startPglite('memory://', { template: inject('pgliteTemplate') || undefined });
  // Already done in the template: this only checks that nothing is left to run.
  await migrateDatabase(database.db);
  return database;
}

export interface TestContext {
  app: MedEnglishApp;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  storage: Storage;
  /** The provider simulator behind the app, unless the test configured its own EVALUO_URL. */
  evaluo: Awaited<ReturnType<typeof startEvaluoSimulator>> | null;
  close(): Promise<void>;
}

/**
 * A real app on a real, migrated and demo-seeded database (PGlite, or PostgreSQL with
 * TEST_DB=pg), with a clock the test controls.
 */
export async function createTestContext(
  options: { now?: Date; config?: Partial<Config>; storage?: Storage; logStream?: Writable } = {},
): Promise<TestContext> {
  const clock = fixedClock(options.now ?? new Date());
  const database = await createTestDatabase();
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-files-'));
  // The local disk unless the test brings another store (an S3 server, for instance).
  const storage = options.storage ?? diskStorage(storageDir);
  await loadPlacementBank(database.db, storage, placementContentDir);
  await loadFunFacts(database.db);
  await loadPoolsFrom(database.db, examPoolsDir);
  await seedDemoIfEmpty(database.db, clock.now());
  await seedDashboardIfEmpty(database.db, storage, clock.now());
  await seedExamSubjects(database.db, storage);
  await seedGlossaryIfEmpty(database.db);
  await loadToolboxContent(database.db, storage);
  await seedWebinarsIfEmpty(database.db, storage, clock.now());
  // The external exam provider: its offline simulator on a loopback port, with the demo's exams
  // (the app injects requests without listening, so the built-in one cannot be reached).
  const evaluo = options.config?.EVALUO_URL
    ? null
    : await startEvaluoSimulator({
        key: 'test-evaluo-key',
        exams: () => demoEvaluoExams(clock.now().getTime()),
        now: () => clock.now().getTime(),
      });
  const config = testConfig({
    webDist: '/nonexistent',
    ...(evaluo ? { EVALUO_URL: evaluo.url, EVALUO_KEY: 'test-evaluo-key', EVALUO_TIMEOUT_MS: 1000 } : {}),
    ...options.config,
  });
  const app = await buildApp({ config, database, clock, storage, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    storage,
    evaluo,
    async close() {
      await app.close();
      await evaluo?.close();
      await database.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
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
import { diskStorage } from '../integrations/storage/disk-storage.js';
import type { Storage } from '../integrations/storage/storage.js';
import { loadPlacementBank } from '../modules/placement/bank-loader.js';
import { fixedClock } from '../lib/clock.js';

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by close(). */
async function createPostgresDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `medenglish_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
    process.env.TEST_DB === 'pg' ? await createPostgresDatabase() : await startPglite('memory://');
  await migrateDatabase(database.db);
  return database;
}

export interface TestContext {
  app: MedEnglishApp;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  storage: Storage;
  close(): Promise<void>;
}

/**
 * A real app on a real, migrated and demo-seeded database (PGlite, or PostgreSQL with
 * TEST_DB=pg), with a clock the test controls.
 */
export async function createTestContext(
  options: { now?: Date; config?: Partial<Config>; storage?: Storage } = {},
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
  const config = testConfig({ webDist: '/nonexistent', ...options.config });
  const app = await buildApp({ config, database, clock, storage });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    storage,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connectPostgres, startPglite, type Database } from './db/client.js';
import { migrateDatabase, withStartupLock } from './db/migrate.js';
import { examPoolsDir, placementContentDir, tutorialContentDir } from './demo/content-paths.js';
import { loadPoolsFrom } from './modules/exams/index.js';
import { loadFunFacts, seedDashboardIfEmpty } from './demo/dashboard-seed.js';
import { seedCourse } from './demo/elearning-seed.js';
import { seedDemoIfEmpty } from './demo/seed.js';
import { seedExamSubjects } from './demo/exam-subjects.js';
import { seedGlossaryIfEmpty } from './demo/glossary-seed.js';
import { loadToolboxContent } from './demo/toolbox-seed.js';
import { seedWebinarsIfEmpty } from './demo/webinars-seed.js';
import { storageFromConfig } from './integrations/storage/storage-from-config.js';
import { loadPlacementBank } from './modules/placement/bank-loader.js';
import { loadTutorialVideos } from './modules/placement/tutorial.js';
import { inTransaction } from './db/transactions.js';
import { adjustableClock, systemClock } from './lib/clock.js';
import { registerTestClock } from './lib/test-clock-route.js';

/**
 * config → database → migrate → load the placement bank, exam pools, tutorial videos and medical facts → seed
 * the demo if empty → listen;
 * closes gracefully on signals.
 */
/** The embedded database; a new data folder may start from a template (PGLITE_TEMPLATE). */
function startEmbedded(dataDir: string, template: string | undefined): Promise<Database> {
  return startPglite(dataDir, { template: template && !fs.existsSync(dataDir) ? template : undefined });
}

async function main() {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL, 20, { keepOpen: true })
    : await startEmbedded(path.join(config.DATA_DIR, 'pg'), config.PGLITE_TEMPLATE);
  const storage = storageFromConfig(config);
  // One instance at a time through migrations, content and the demo seed (several may start together).
  await withStartupLock(database, async () => {
    await migrateDatabase(database.db);
    await loadPlacementBank(database.db, storage, placementContentDir);
    await loadPoolsFrom(database.db, examPoolsDir);
    await loadTutorialVideos(storage, tutorialContentDir);
    await loadFunFacts(database.db);
    if (config.DEMO_SEED) {
      if (await seedDemoIfEmpty(database.db)) {
        console.log('demo data seeded');
        // The demo's accounts (an admin among them) have a published password (docs/PRODUCTION.md).
        if (config.PUBLIC_URL?.startsWith('https:'))
          console.warn(
            'WARNING: demo accounts seeded on a public https address: set DEMO_SEED=0 in production',
          );
      }
      if (await seedDashboardIfEmpty(database.db, storage)) {
        console.log('demo course and dashboard data seeded');
      } else {
        // The demo course follows its content files (lessons, player) like the medical facts do.
        await inTransaction(database.db, (tx) => seedCourse(tx, storage));
      }
      await seedExamSubjects(database.db, storage);
      if (await seedGlossaryIfEmpty(database.db)) console.log('demo glossary seeded');
      await loadToolboxContent(database.db, storage);
      if (await seedWebinarsIfEmpty(database.db, storage)) console.log('demo webinars seeded');
    }
  });
  // After the lock is given back: warming opens every connection of the pool at once.
  await database.warm?.();

  const testClock = config.TEST_CLOCK ? adjustableClock() : null;
  const app = await buildApp({ config, database, storage, clock: testClock ?? systemClock });
  if (testClock) registerTestClock(app, testClock);
  app.addHook('onClose', () => database.close());
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      // Requests in flight finish; a keep-alive connection is closed as soon as it is idle, so a
      // browser holding one does not keep the process alive for its keep-alive time (72 s).
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      void app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  app.warmUpDictionary();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.jobs.start(config.JOBS_POLL_MS);
  console.log(`MedEnglish ${database.kind} database, listening on http://${config.HOST}:${config.PORT}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

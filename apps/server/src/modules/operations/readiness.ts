import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';
import type { Jobs } from '../../integrations/jobs/jobs.js';

export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; jobs: boolean };
}

const DATABASE_TIMEOUT_MS = 2000;

/** How many migrations this build carries (drizzle-kit's journal), read once. */
let expectedMigrations: Promise<number> | null = null;
const migrationCount = () =>
  (expectedMigrations ??= fs
    .readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
    .then((text) => (JSON.parse(text) as { entries: unknown[] }).entries.length));

/**
 * GET /api/health/ready (issue 16): this instance may take traffic — its database answers within
 * two seconds, every migration of this build is applied, and its jobs are being polled (once
 * started: an instance still starting is not ready). A balancer stops sending to an instance
 * that fails it; /api/health/live only says the process answers.
 */
export async function readiness(db: Db, jobs: Jobs): Promise<Readiness> {
  const withTimeout = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), DATABASE_TIMEOUT_MS).unref(),
      ),
    ]);
  let database = false;
  let migrations = false;
  try {
    await withTimeout(db.execute(sql`select 1`));
    database = true;
    const result = await withTimeout(
      db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const applied = (result.rows[0] as { n: number } | undefined)?.n ?? 0;
    migrations = applied >= (await migrationCount());
  } catch {
    // Not reachable, too slow, or not migrated yet: not ready.
  }
  const status = jobs.status();
  const jobsRunning = status.polling;
  return {
    ready: database && migrations && jobsRunning,
    checks: { database, migrations, jobs: jobsRunning },
  };
}

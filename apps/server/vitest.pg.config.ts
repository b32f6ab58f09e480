import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vitest.config.js';

/** The same database tests once more on the PostgreSQL server of TEST_DATABASE_URL. */
export default defineConfig({
  resolve: { alias: sharedAlias },
  test: {
    name: 'server-postgres',
    root: import.meta.dirname,
    include: ['src/**/*.db.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'pg' },
  },
});

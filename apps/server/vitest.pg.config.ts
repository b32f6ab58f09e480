import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vitest.config.js';

/**
 * The external-services run: the same database tests once more on the PostgreSQL server of
 * TEST_DATABASE_URL, and the Redis adapter against TEST_REDIS_URL — each only when its variable
 * names a server (CI sets both; a newcomer's `npm test` needs neither).
 */
const include = [
  ...(process.env.TEST_DATABASE_URL ? ['src/**/*.db.test.ts'] : []),
  ...(process.env.TEST_REDIS_URL ? ['src/**/*.redis.test.ts'] : []),
];
export default defineConfig({
  resolve: { alias: sharedAlias },
  test: {
    name: 'server-services',
    root: import.meta.dirname,
    include,
    environment: 'node',
    globalSetup: ['src/test/database-template.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'pg' },
  },
});

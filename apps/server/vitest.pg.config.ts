import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vitest.config.js';

/**
 * The external-services run: the same database tests once more on the PostgreSQL server of
 * TEST_DATABASE_URL, and the Redis adapter against TEST_REDIS_URL (default: the local Redis).
 */
export default defineConfig({
  resolve: { alias: sharedAlias },
  test: {
    name: 'server-services',
    root: import.meta.dirname,
    include: ['src/**/*.db.test.ts', 'src/**/*.redis.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'pg' },
  },
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';

export const sharedAlias = [
  {
    find: '@medenglish/shared/english',
    replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/messages/english.ts'),
  },
  {
    find: '@medenglish/shared',
    replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts'),
  },
];

/** Server unit and API integration tests on the embedded PGlite database. */
export default defineConfig({
  resolve: { alias: sharedAlias },
  test: {
    name: 'server-pglite',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    // Redis is an external service: its adapter is tested in the services project, when
    // TEST_REDIS_URL names one (CI), so `npm test` needs no Redis.
    exclude: ['src/**/*.redis.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/database-template.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'pglite' },
  },
});

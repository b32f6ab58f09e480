import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` covers every test: shared rules, server API on PGlite (and once more on
 * PostgreSQL when TEST_DATABASE_URL is set, the Redis adapter when TEST_REDIS_URL is, as CI
 * does), web components, then the browser journeys against the built app (`npm test` builds
 * first). Without those variables nothing needs a server of its own.
 */
const projects: string[] = [
  'packages/shared/vitest.config.ts',
  'apps/server/vitest.config.ts',
  'apps/web/vitest.config.ts',
  'e2e/vitest.config.ts',
];
if (process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL)
  projects.push('apps/server/vitest.pg.config.ts');

export default defineConfig({
  test: {
    projects,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});

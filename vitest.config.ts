import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` covers every unit and integration project. The server's database tests run on
 * an embedded PGlite, and once more on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const projects = [
  'packages/shared/vitest.config.ts',
  'apps/server/vitest.config.ts',
  'apps/web/vitest.config.ts',
];
if (process.env.TEST_DATABASE_URL) projects.push('apps/server/vitest.pg.config.ts');

export default defineConfig({ test: { projects } });

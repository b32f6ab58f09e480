import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the built app served by the real server (embedded database in a temporary
 * DATA_DIR), driven in Debian's Chromium by playwright-core. One file at a time: each launches
 * its own browser, and the machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    // After the unit and API projects, so the browsers do not compete with them for the two cores.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

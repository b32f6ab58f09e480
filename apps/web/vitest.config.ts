import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Explicit root: the config is also run from the repository root (`--config apps/web/...`).
  root: import.meta.dirname,
  resolve: {
    alias: [
      {
        find: '@medenglish/shared/english',
        replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/messages/english.ts'),
      },
      {
        find: '@medenglish/shared/french-pages',
        replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/messages/french-pages.ts'),
      },
      {
        find: '@medenglish/shared',
        replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts'),
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});

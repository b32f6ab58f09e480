import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { signedInChunking } from './build/chunk-groups.ts';
import { compileHints } from './build/compile-hints.ts';
import { routeFiles } from './build/route-files.ts';

const sharedSrc = path.resolve(import.meta.dirname, '../../packages/shared/src');

/**
 * The first route carries the first part of the French texts only (decision 0025): the shared
 * index's `./fr.js` becomes `fr-entry.ts`, and the shell registers the rest (french-pages.ts).
 */
const frenchFirstPartOnly = {
  name: 'french-first-part-only',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    if (source === './fr.js' && importer === path.resolve(sharedSrc, 'messages/index.ts')) {
      return path.resolve(sharedSrc, 'messages/fr-entry.ts');
    }
    return null;
  },
};

/**
 * React Router's package exports its development build under every condition; its production build
 * (no warnings whose messages are built on every route match) is a separate file, taken here.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const alias = [
  { find: /^react-router$/, replacement: reactRouterProduction },
  { find: '@medenglish/shared/english', replacement: path.resolve(sharedSrc, 'messages/english.ts') },
  {
    find: '@medenglish/shared/french-pages',
    replacement: path.resolve(sharedSrc, 'messages/french-pages.ts'),
  },
  { find: '@medenglish/shared', replacement: path.resolve(sharedSrc, 'index.ts') },
];

/**
 * `vite build --ssr src/ssr/first-screens.ts`: the server's renders of the dashboard's and the login page's
 * first cards (decision 0017), in dist/server/ — outside what the server serves (web-page.ts) —,
 * one self-contained module for Node (its packages bundled in, both languages' texts whole).
 */
const ssrBuild = defineConfig({
  plugins: [react()],
  resolve: { alias },
  ssr: { noExternal: true },
  // React's and MUI's production code whatever the server's environment (their development
  // checks made the render several times slower).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } },
  },
});

const clientConfig = defineConfig({
  plugins: [
    react(),
    frenchFirstPartOnly,
    routeFiles(path.resolve(import.meta.dirname, 'src')),
    compileHints(),
  ],
  resolve: {
    // The web app compiles the shared source directly, so a change there needs no separate build.
    // The English catalogue is its own entry point, imported on demand (lib/language.ts).
    alias,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-report.mjs reads the manifest to weigh what the first route loads.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: signedInChunking(path.resolve(import.meta.dirname, 'src')) },
      treeshake: {
        // The shared package is pure (DESIGN: "pure, framework-free"): its module-level zod schemas
        // have no side effects, so the schemas a page does not use can be dropped with zod itself.
        // The exceptions: the English catalogue and the French pages' texts register themselves.
        moduleSideEffects: (id: string) =>
          !id.startsWith(sharedSrc) ||
          id.endsWith('messages/english.ts') ||
          id.endsWith('messages/french-pages.ts'),
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientConfig));

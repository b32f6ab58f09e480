import { frCore } from './fr-core.js';
import { frPages } from './fr-pages.js';
import { registerCatalogue } from './index.js';

/**
 * The whole French catalogue, registered as it is imported (`import '@medenglish/shared/french-pages'`):
 * the web app's shell imports it, so the signed-in pages' texts travel with the shell rather than
 * in the first route (decision 0025). Elsewhere (server, tests) index.ts already holds all of it.
 */
registerCatalogue('fr', { ...frCore, ...frPages });

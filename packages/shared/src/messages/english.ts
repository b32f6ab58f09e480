import { en } from './en.js';
import { registerCatalogue } from './index.js';

/**
 * The English catalogue, registered as it is imported (`import '@medenglish/shared/english'`):
 * the server and the tests import it at start; the browser imports it on demand (lib/language.ts).
 */
registerCatalogue('en', en);

export { en };

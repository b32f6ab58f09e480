/** What other modules may use of the pronunciation and dictionary box's calls. */
export { registerDictionaryRoutes } from './dictionary.routes.js';

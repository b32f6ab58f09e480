/** What other modules may use of the glossary (eslint: modules import each other through index.ts). */
export { registerGlossaryRoutes } from './glossary.routes.js';

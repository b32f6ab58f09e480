/** What other modules may use of the external exam provider (eslint: modules import each other through index.ts). */
export { registerEvaluoRoutes } from './evaluo.routes.js';

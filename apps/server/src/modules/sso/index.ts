/** What other modules may use of single sign-on. */
export { registerSsoRoutes, type SsoSetup } from './sso.routes.js';

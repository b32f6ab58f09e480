/** What other modules may use of the learning links. */
export { registerLearningLinksRoutes } from './learning-links.routes.js';

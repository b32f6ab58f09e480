/** What other modules may use of the library (videos and guides). */
export { registerLibraryRoutes } from './library.routes.js';

/** What other modules may use of the webinars. */
export { registerWebinarRoutes } from './webinars.routes.js';
export { registerMeetingRoom } from './meeting-room.js';

/** What other modules may use of study time and results. */
export { unitTimes } from './study-time.service.js';

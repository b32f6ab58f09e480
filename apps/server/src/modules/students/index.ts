/** What other modules may use of the learners' accounts. */
export { assertOwnEmail } from './students.service.js';

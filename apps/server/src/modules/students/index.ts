/** What other modules may use of the learners' accounts. */
export { isOwnEmail } from './students.service.js';

/** What other modules may use of the learning record store. */
export type { XapiCredentials } from './credentials.js';
// cmi5 (issue 18): the launch (modules/elearning) writes the LMS's statements and LaunchData here.
export { storeStatements } from './statements.service.js';
export { writeState } from './state.service.js';
export { agentKey } from './statement-rules.js';
export { lmsStatement } from './cmi5-lms-statements.js';
export { CMI5_EXTENSIONS } from './cmi5-statement-rules.js';
export {
  abandonOpenSessions,
  isAuSatisfied,
  satisfyNotApplicable,
  waiveAu,
} from './cmi5-sessions.service.js';
export { launchModeFor, type Cmi5LaunchMode } from './cmi5-launch-mode.js';
export { LAUNCH_DATA_STATE_ID } from './cmi5-launch-data.js';
export { LAUNCH_HOURS } from './credentials.js';
export type { Json } from './json.js';

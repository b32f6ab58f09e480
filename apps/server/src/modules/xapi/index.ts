/** What other modules may use of the learning record store. */
export type { XapiCredentials } from './credentials.js';

/** What other modules may use of companies and their access codes. */
export { findAccessCode, semestersOffered } from './access-codes.service.js';
export { getCompany } from './companies.service.js';

/** What other modules may use of groups (eslint: modules import each other through index.ts). */
export { associateByLevel } from './groups.service.js';
export { groupIdsOf, groupsOf, isMember } from './membership.js';

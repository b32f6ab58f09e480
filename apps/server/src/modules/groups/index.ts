/** What other modules may use of groups (eslint: modules import each other through index.ts). */
export { associateByLevel, memberGroup } from './groups.service.js';

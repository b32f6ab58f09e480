import { frCore } from './fr-core.js';
import type { fr as wholeFrench } from './fr.js';

/**
 * What the web build gives `index.ts` in place of fr.ts (apps/web/vite.config.ts): the first part
 * only, typed as the whole. The pages' part is registered by french-pages.ts, which the shell
 * imports, before any signed-in page can read it (decision 0025).
 */
export const fr = frCore as unknown as typeof wholeFrench;

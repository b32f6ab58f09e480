import { frCore } from './fr-core.js';
import { frPages } from './fr-pages.js';

/**
 * Every text a learner can read in French, the interface's default language, so that the contract
 * texts of SPEC §5, §8 and §9 are written once and the server and the web app cannot drift apart.
 * Texts quoted by the spec are verbatim (including their spelling: "succesfully", "verifiez"), even
 * the few the spec quotes in English ('Chapter Quiz', 'Go to Unit'). en.ts has the same keys.
 * Written in two files so that the first route carries only the first one (decision 0025).
 */
export const fr = { ...frCore, ...frPages } as const;

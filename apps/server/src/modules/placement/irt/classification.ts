import type { Estimate } from './estimate.js';
import { thetaFromLevelIndex } from './scale.js';

/**
 * The group split on the ability scale: B1.5 (SPEC §9: group 1 for A or under B1.5, otherwise
 * 2), level index 3.5, θ = 0. The test's first job is to put a learner on the right side of it.
 */
export const GROUP_SPLIT_THETA = thetaFromLevelIndex(3.5);

/**
 * How sure the test must be of the side of the split before a part may stop early: the
 * estimate's interval θ ± z·se must not straddle it. z = 2 is a one-sided error of about 2 %
 * under the model (a sequential test around the cut in the manner of an SPRT, with the posterior
 * in place of the likelihood ratio). Learners far from the split are sure of it after a few
 * questions, so only those near it lose the early stop.
 */
export const SPLIT_CONFIDENCE_Z = 2;

/** Whether the side of the group split is still in doubt for this estimate. */
export function straddlesSplit(estimate: Estimate, z = SPLIT_CONFIDENCE_Z): boolean {
  return Math.abs(estimate.theta - GROUP_SPLIT_THETA) < z * estimate.se;
}

/**
 * Where the next question should be most informative. While the side of the split is in doubt,
 * at the split itself: a question of B1.5 difficulty separates the two groups best, and the
 * learner's estimate (near the split by definition) loses almost nothing by it. Otherwise at the
 * estimate, as usual (maximum information).
 */
export function targetTheta(estimate: Estimate): number {
  return straddlesSplit(estimate) ? GROUP_SPLIT_THETA : estimate.theta;
}

import type { Estimate } from './estimate.js';
import { thetaFromLevelIndex } from './scale.js';

/**
 * The group split on the ability scale: B1.5 (SPEC §9: group 1 for A or under B1.5, otherwise
 * 2), level index 3.5, θ = 0. The test's first job is to put a learner on the right side of it.
 */
export const GROUP_SPLIT_THETA = thetaFromLevelIndex(3.5);

/**
 * How sure the test must be of the side of the split before a part may stop early: the
 * estimate's interval θ ± z·se must not straddle it. The standard error is the scoring model's,
 * which takes every question to discriminate as sharply as SCORING_DISCRIMINATION says; if the
 * real questions discriminate a quarter less (the simulation's sensitivity run), the real spread
 * of the estimate is about a third wider, and z = 2 under the model (a one-sided error of about
 * 2 %) is only z = 1.5 in fact (7 %): learners near the split stopped early on the wrong side
 * (issue 17, third increment). z = 3 keeps at least z = 2 under that weaker discrimination. It
 * costs only learners near the split their early stop (up to 92 questions, in about the time of
 * the fixed form's 78: adaptive.ts).
 */
export const SPLIT_CONFIDENCE_Z = 3;

/** Whether the side of the group split is still in doubt for this estimate. */
export function straddlesSplit(estimate: Estimate, z = SPLIT_CONFIDENCE_Z): boolean {
  return Math.abs(estimate.theta - GROUP_SPLIT_THETA) < z * estimate.se;
}

/**
 * How far from the split an estimate may be for the next question to be aimed at the split. At
 * the start of the test the standard error is wide, and with z = 3 a learner two levels below
 * would be "in doubt" for a dozen questions and asked B1 questions that tell little about an A1
 * learner (issue 17: A1 within half a level 87 %). Beyond a level from the split, questions are
 * aimed at the estimate, which comes back to the split by itself if it belongs there.
 */
export const SPLIT_AIM_RANGE = 1;

/** Whether the next question is aimed at the split (see targetTheta). */
export function aimsAtSplit(estimate: Estimate): boolean {
  return straddlesSplit(estimate) && Math.abs(estimate.theta - GROUP_SPLIT_THETA) < SPLIT_AIM_RANGE;
}

/**
 * Where the next question should be most informative. While the side of the split is in doubt
 * and the estimate near it, at the split itself: a question of B1.5 difficulty separates the two
 * groups best, and the learner's estimate (near the split by definition) loses almost nothing by
 * it. Otherwise at the estimate, as usual (maximum information).
 */
export function targetTheta(estimate: Estimate): number {
  return aimsAtSplit(estimate) ? GROUP_SPLIT_THETA : estimate.theta;
}

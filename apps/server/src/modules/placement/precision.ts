import { groupLevelFromScore, levelFromScore, type PlacementPrecision } from '@medenglish/shared';
import type { StoredPlacementScores } from '../../db/schema.js';
import { scoreFromTheta, thetaFromScore } from './irt/scale.js';

/**
 * The range a stored result implies (issue 33): the overall ability ± 1.645 standard errors, a
 * 90 % interval, in levels. The standard error is the widened one (irt/uncertainty.ts) while the
 * bank is uncalibrated: the engine's own is too small by the writers' errors. The group decision
 * is in doubt when the range reaches both sides of the split (B1.5, SPEC §9): a teacher should
 * look at such a learner's first weeks before trusting the group.
 */
export const RANGE_Z = 1.645;

export function precisionOf(scores: StoredPlacementScores): PlacementPrecision | null {
  const se = scores.seWidened ?? scores.se?.total;
  if (se === undefined) return null;
  const theta = thetaFromScore(scores.total);
  const low = scoreFromTheta(theta - RANGE_Z * se);
  const high = scoreFromTheta(theta + RANGE_Z * se);
  return {
    se: Math.round(se * 100) / 100,
    low: levelFromScore(low).label,
    high: levelFromScore(high).label,
    groupInDoubt: groupLevelFromScore(low) !== groupLevelFromScore(high),
  };
}

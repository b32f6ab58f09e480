import type { PlacementScores } from '@medenglish/shared';
import { testState, type AdaptiveItem, type Answered } from './adaptive.js';
import { scoreFromTheta } from './scale.js';

export interface IrtScores extends PlacementScores {
  /** Standard errors of each score's ability, in CEFR levels, as the model computes them. */
  se: { KN: number; RC: number; OC: number; total: number };
  /** The overall standard error widened for uncalibrated difficulties (uncertainty.ts). */
  seWidened: number;
}

/**
 * SPEC §9 scores by item response theory: each part's ability from that part's answers, the
 * total's from every answer of the test (more precise than the mean of the three), each mapped
 * onto 0–10 so that levelFromScore gives the level of that ability (scale.ts).
 */
export function scoreAnswers(pool: readonly AdaptiveItem[], answers: readonly Answered[]): IrtScores {
  const state = testState(pool, answers);
  const part = (p: 'KN' | 'RC' | 'OC') => state.parts.find((s) => s.part === p)!.estimate;
  return {
    scoreKN: scoreFromTheta(part('KN').theta),
    scoreRC: scoreFromTheta(part('RC').theta),
    scoreOC: scoreFromTheta(part('OC').theta),
    total: scoreFromTheta(state.overall.theta),
    se: { KN: part('KN').se, RC: part('RC').se, OC: part('OC').se, total: state.overall.se },
    seWidened: state.overallWidenedSe,
  };
}

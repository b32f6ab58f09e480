import { CEFR_BANDS } from '@medenglish/shared';

/**
 * The one ability scale of the placement test, aligned to the CEFR.
 *
 * Ability θ is measured in CEFR levels: θ = 0 is B1.5 (the group split, SPEC §9), θ = −1 is
 * A2.5, θ = +1 is B2.5, and so on. The level index ℓ = θ + 3.5 counts levels from the bottom of
 * A0: ℓ = 1 is A1.0, ℓ = 6 is C2.0, ℓ = 7 the top of C2. The spec's 0–10 score and its bands
 * stay the contract: the score is ℓ mapped band by band onto the score range of that band, so
 * that the tenths of a band on the score (B1.4 is 40 % of the way from 5 to 7) are the tenths of
 * a level on θ, and `levelFromScore(scoreFromTheta(θ))` is the level the learner has.
 */
export const THETA_OF_LEVEL_INDEX_ZERO = -3.5;

/** Score edges of the bands, in band order: [0, 1, 3, 5, 7, 8, 9, 10]. */
const SCORE_EDGES: readonly number[] = [...CEFR_BANDS.map((b) => b.from), 10];
const TOP_INDEX = CEFR_BANDS.length; // 7

const round2 = (n: number) => Math.round(n * 100) / 100;

export function levelIndexFromTheta(theta: number): number {
  return theta - THETA_OF_LEVEL_INDEX_ZERO;
}

export function thetaFromLevelIndex(index: number): number {
  return index + THETA_OF_LEVEL_INDEX_ZERO;
}

/** The 0–10 score of an ability, to two decimals (abilities off the scale get 0 or 10). */
export function scoreFromTheta(theta: number): number {
  const index = Math.min(TOP_INDEX, Math.max(0, levelIndexFromTheta(theta)));
  const band = Math.min(TOP_INDEX - 1, Math.floor(index));
  const from = SCORE_EDGES[band]!;
  const to = SCORE_EDGES[band + 1]!;
  return round2(from + (index - band) * (to - from));
}

/** The level index of a 0–10 score: the inverse of scoreFromTheta on the scale. */
export function levelIndexFromScore(score: number): number {
  const s = Math.min(10, Math.max(0, score));
  if (s >= 10) return TOP_INDEX;
  const band = CEFR_BANDS.findIndex((b) => s < b.to);
  const from = SCORE_EDGES[band]!;
  const to = SCORE_EDGES[band + 1]!;
  return band + (s - from) / (to - from);
}

export function thetaFromScore(score: number): number {
  return thetaFromLevelIndex(levelIndexFromScore(score));
}

/** The levels a question can be written for (A1 … C2), with ℓ of their band's middle. */
export const ITEM_LEVEL_INDEX = { A1: 1.5, A2: 2.5, B1: 3.5, B2: 4.5, C1: 5.5, C2: 6.5 } as const;
export type ItemLevel = keyof typeof ITEM_LEVEL_INDEX;

export function writerDifficultyIndex(level: ItemLevel): number {
  return ITEM_LEVEL_INDEX[level];
}

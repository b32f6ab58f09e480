import { ITEM_LEVEL_INDEX, thetaFromLevelIndex, type ItemLevel } from './scale.js';

/**
 * The item response model: three-parameter logistic. A learner of ability θ answers an item right
 * with probability c + (1 − c) / (1 + e^(−a(θ − b))): b is the item's difficulty on the CEFR
 * scale (scale.ts), c the floor a blind guess reaches, a how sharply the item separates learners
 * below and above b.
 */
export interface ItemParams {
  /** Discrimination, per CEFR level. */
  a: number;
  /** Difficulty: the ability (θ) at which a learner is half-way from the guessing floor to sure. */
  b: number;
  /** Guessing floor: the chance of a blind answer being right. */
  c: number;
  /** Ceiling: the chance of a learner far above the item getting it right (1 − slips); 1 if absent. */
  d?: number;
}

/**
 * The discrimination the scoring assumes for every item (Rasch with a guessing floor): a learner
 * one level above an item's difficulty gets it right 88 % of the time beyond guessing, one level
 * below 12 %. Only the difficulties are calibrated (calibrate.ts); a common discrimination keeps
 * the estimates stable with the few hundred learners a school brings.
 */
export const SCORING_DISCRIMINATION = 1.7;

/**
 * Careless slips (issue 33): a learner answering on a phone between two shifts sometimes gets
 * wrong a question far below their level. Under a ceiling of 1 one such slip costs a C1 learner
 * about half a level (an A2 question missed is strong evidence of A2); the scoring therefore
 * takes the chance of a right answer to stop short of 1 by SCORING_SLIP (the four-parameter
 * model's upper asymptote). 2 %: below the slips seen in low-stakes online tests (2–5 %), so that
 * a learner who makes none loses almost nothing by it.
 */
export const SCORING_SLIP = 0.02;

export function pCorrect(theta: number, item: ItemParams): number {
  const d = item.d ?? 1;
  return item.c + (d - item.c) / (1 + Math.exp(-item.a * (theta - item.b)));
}

/** Fisher information of the item at θ (4PL): how much one answer narrows the estimate there. */
export function information(theta: number, item: ItemParams): number {
  const d = item.d ?? 1;
  const p = pCorrect(theta, item);
  const q = 1 - p;
  if (p <= 0 || q <= 0) return 0;
  const rise = ((p - item.c) * (d - p)) / (d - item.c);
  return (item.a * item.a * rise * rise) / (p * q);
}

/**
 * The guessing floor from the item's form: the share of blind answers that are right. One option
 * in n for multiple choice, one in two for true/false. Filling blanks picks `keyLength` distinct
 * words of the bank in blank order, ordering chunks arranges all of them: one arrangement in
 * n!/(n−k)! is a key, times the keys accepted (the writer's alternatives) — 1/12 for two blanks
 * from four words, 1/24 for four chunks. Small, but not nothing: with a floor of 0 a lucky guess
 * counted as evidence of ability.
 */
export function guessingFloor(type: string, optionCount: number, keyLength = 1, keys = 1): number {
  if (type === 'mcq') return optionCount > 0 ? 1 / optionCount : 0;
  if (type === 'tof') return 0.5;
  if ((type === 'fillblank' || type === 'd&d') && keyLength > 0 && optionCount >= keyLength) {
    let arrangements = 1;
    for (let i = 0; i < keyLength; i++) arrangements *= optionCount - i;
    return Math.min(1, keys / arrangements);
  }
  return 0;
}

/**
 * Until answers calibrate it, an item's difficulty is the middle of the level its writer gave
 * it: an A2 item is half-way (beyond guessing) for an A2.5 learner. See docs/decisions/0027.
 */
export function writerDifficulty(level: ItemLevel): number {
  return thetaFromLevelIndex(ITEM_LEVEL_INDEX[level]);
}

/**
 * The parameters the scoring uses: the calibrated difficulty and discrimination when there are
 * (`npm run placement:calibrate`, decision 0040), else the writer's level and the common value.
 */
export function itemParams(item: {
  level: ItemLevel;
  type: string;
  optionCount: number;
  /** The key's length (blanks to fill, chunks to order) and how many keys are accepted. */
  keyLength?: number;
  keys?: number;
  difficulty?: number | null;
  discrimination?: number | null;
}): ItemParams {
  return {
    a: item.discrimination ?? SCORING_DISCRIMINATION,
    b: item.difficulty ?? writerDifficulty(item.level),
    c: guessingFloor(item.type, item.optionCount, item.keyLength, item.keys),
    d: 1 - SCORING_SLIP,
  };
}

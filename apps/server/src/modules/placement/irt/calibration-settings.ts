import { SCORING_DISCRIMINATION } from './model.js';

/**
 * The calibration's settings and their defaults, with the values derived from them that the
 * estimate and the reports share (the discrimination's prior and range). The method and the
 * anchoring are described at the top of calibrate.ts.
 */

export type CalibrationModel = '2pl' | 'rasch';

export interface CalibrationSettings {
  model: CalibrationModel;
  minAnswers: number;
  discriminationPrior: { median: number; logSd: number };
  discriminationRange: { min: number; max: number };
  weakDiscrimination: number;
  fit: { low: number; high: number; z: number };
  drift: { levels: number; standardErrors: number };
  targetSe: number;
  bankAnswers: number;
  maxIterations: number;
  tolerance: number;
}

export const CALIBRATION_DEFAULTS: CalibrationSettings = {
  model: '2pl',
  /**
   * An item needs this many answers before it is re-estimated: below, a few lucky or unlucky
   * answers would move it further than the writer's error it is meant to correct.
   */
  minAnswers: 30,
  /**
   * Log-normal prior on the discrimination: median the scoring's common value, spread 0.5 in
   * log (95 % within a factor of 2.7 either side). Worth about as much as a dozen well-placed
   * answers, so that it holds an item with few answers near the common value and is outweighed
   * by a few hundred.
   */
  discriminationPrior: { median: SCORING_DISCRIMINATION, logSd: 0.5 },
  /** Discriminations are kept in the range bank.json accepts. */
  discriminationRange: { min: 0.3, max: 5 },
  /**
   * Under 0.6 per level an item hardly separates learners: one level above it gets it right 65 %
   * of the time beyond guessing, one below 35 %. Under the 2PL a question answered at random
   * gets a discrimination near the floor and fits that flat curve, so its infit and outfit look
   * well: the weak discrimination is what flags it.
   */
  weakDiscrimination: 0.6,
  /**
   * Infit mean squares outside this range, or an outfit above it, are reported as misfitting
   * when their standardised value is beyond `z` too: with a few dozen answers a mean square of
   * 1.3 is often chance (one surprising answer of a learner far from a steep item).
   */
  fit: { low: 0.7, high: 1.3, z: 2 },
  /**
   * The drift rule: a difficulty moved by more than half a level (what a placement may be off by,
   * issue 17's aim) AND by more than two standard errors of the difference (not chance).
   */
  drift: { levels: 0.5, standardErrors: 2 },
  /**
   * The standard error a calibrated difficulty should reach: the error the scoring's widened
   * standard error assumes of a calibrated item (uncertainty.ts, CALIBRATED_DIFFICULTY_SD, against
   * 0.5 level for a writer's guess), so that a calibration is clearly better than the guess it
   * replaces; and half a learner's own standard error when a part stops (0.3 level), so that one
   * item's error moves an estimate by a fraction of it.
   */
  targetSe: 0.15,
  /**
   * Answers every question needs before the bank is recalibrated (decision 0040). A difficulty's
   * error after n answers is 1/√(n·I), I the information one answer carries about it: a² p(1−p)
   * for a learner at the question, less for learners away from it, less again above a guessing
   * floor, with the learner's own ability uncertain and the discrimination estimated alongside.
   * Measured on simulated learners taking the adaptive test with its pretest questions on the
   * demo bank (decision 0040): I is about 0.2–0.3 for the median question (0.15–0.25 for
   * four-option multiple choice, 0.3–0.6 for blanks and order, 0.06–0.15 for true/false), so the
   * median question needs 150–240 answers for 0.15 level (1 / (0.15² × 0.2) ≈ 220). 200: what the
   * typical question needs; the less informative ones show their own need in the report.
   */
  bankAnswers: 200,
  maxIterations: 500,
  /** EM stops when no difficulty or log-discrimination moves by more than this in an iteration. */
  tolerance: 1e-4,
};

export function discriminationPrior(settings: Pick<CalibrationSettings, 'discriminationPrior'>) {
  const { median, logSd } = settings.discriminationPrior;
  return { mean: Math.log(median), precision: 1 / (logSd * logSd) };
}

export function clampAlpha(alpha: number, settings: CalibrationSettings): number {
  const { min, max } = settings.discriminationRange;
  return Math.max(Math.log(min), Math.min(Math.log(max), alpha));
}

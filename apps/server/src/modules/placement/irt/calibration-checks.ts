import { maximiseItem, type Params } from './calibration-curves.js';
import type { ItemStats } from './calibration-final-pass.js';
import {
  CALIBRATION_DEFAULTS,
  discriminationPrior,
  type CalibrationSettings,
} from './calibration-settings.js';

/**
 * What the calibration reports of each item and of the bank once it has converged: standard
 * errors, misfit, drift against the current difficulty and over time, the answers an item still
 * needs, and whether the bank may be recalibrated.
 */

/** A difference between two difficulties, judged by the drift rule (`isDrift`). */
export interface Drift {
  /** New minus old, in CEFR levels. */
  shift: number;
  /** The standard error of that difference. */
  se: number;
  flagged: boolean;
}

export interface TimeDrift extends Drift {
  /** The difficulty from the first and the second half of the item's answers in time. */
  first: number;
  second: number;
}

export interface BankReadiness {
  /** The answers every question needs (CALIBRATION_DEFAULTS.bankAnswers). */
  required: number;
  questions: number;
  /** Questions with at least `required` answers. */
  enough: number;
  /** Questions whose own difficulty already has a standard error of at most targetSe. */
  precise: number;
  /** Every question has `required` answers: the bank may be recalibrated (decision 0040). */
  ready: boolean;
}

/**
 * Standard errors of the difficulty and discrimination: the inverse of the information (plus
 * the prior's on log-discrimination, as the estimate has it); under Rasch the difficulty's alone.
 */
export function standardErrors(
  [ibb, iba, iaa]: readonly [number, number, number],
  settings: CalibrationSettings,
): { difficulty: number | null; discrimination: number | null } {
  if (settings.model === 'rasch')
    return { difficulty: ibb > 0 ? 1 / Math.sqrt(ibb) : null, discrimination: null };
  const aa = iaa + discriminationPrior(settings).precision;
  const det = ibb * aa - iba * iba;
  if (!(det > 0)) return { difficulty: null, discrimination: null };
  return { difficulty: Math.sqrt(aa / det), discrimination: Math.sqrt(ibb / det) };
}

/**
 * How many answers the item's difficulty needs, in all, for a standard error of `targetSe`: its
 * information per answer (the information of its answers over their number) scaled up until the
 * error is small enough, the discrimination's prior counted once as in the estimate. The answers
 * to come are taken to come from learners like those so far.
 */
export function answersNeeded(
  information: readonly [number, number, number],
  answers: number,
  settings: Pick<CalibrationSettings, 'model' | 'targetSe' | 'discriminationPrior'> = CALIBRATION_DEFAULTS,
): number | null {
  const [bb, ba, aa] = information.map((v) => v / answers) as [number, number, number];
  const target = settings.targetSe * settings.targetSe;
  const variance = (n: number) => {
    if (settings.model === 'rasch') return 1 / (n * bb);
    const alpha = n * aa + discriminationPrior(settings).precision;
    const det = n * bb * alpha - n * n * ba * ba;
    return det > 0 ? alpha / det : Infinity;
  };
  if (!(bb > 0)) return null;
  // The variance falls as answers grow: double until below the target, then halve the gap.
  let high = 1;
  while (variance(high) > target) {
    high *= 2;
    if (high > 1e7) return null;
  }
  let low = high / 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (variance(middle) > target) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * Misfit, judged only on items re-estimated (with fewer answers the mean squares are reported,
 * not judged): infit either way, outfit only when high (with items this steep, an outfit below
 * 0.7 mostly means learners far from the item answered as expected, which is no fault), each
 * only when its standardised value says it is not chance; and a re-estimated discrimination too
 * weak to measure (see weakDiscrimination).
 */
export function fitFlags(
  { infit, outfit, infitZ, outfitZ }: Pick<ItemStats, 'infit' | 'outfit' | 'infitZ' | 'outfitZ'>,
  discrimination: number,
  calibrated: boolean,
  settings: CalibrationSettings,
): { misfit: boolean; misfitReasons: string[] } {
  const reasons: string[] = [];
  if (!calibrated) return { misfit: false, misfitReasons: reasons };
  const { low, high, z } = settings.fit;
  if (infit !== null && (infit < low || infit > high) && Math.abs(infitZ ?? Infinity) > z)
    reasons.push('infit');
  if (outfit !== null && outfit > high && (outfitZ ?? Infinity) > z) reasons.push('outfit');
  if (settings.model === '2pl' && discrimination < settings.weakDiscrimination) reasons.push('weak');
  return { misfit: reasons.length > 0, misfitReasons: reasons };
}

/**
 * The drift rule, for a difficulty against the one it replaces and for the first half of the
 * answers in time against the second: flagged when the difference is larger than half a level
 * (it matters to a placement) and larger than two standard errors (it is not the chance of the
 * answers). The first alone would flag noise on items with few answers, the second alone tiny
 * but well-measured differences that change no placement.
 */
export function isDrift(
  shift: number,
  se: number,
  settings: Pick<CalibrationSettings, 'drift'> = CALIBRATION_DEFAULTS,
): boolean {
  return Math.abs(shift) > settings.drift.levels && Math.abs(shift) > settings.drift.standardErrors * se;
}

/**
 * The new difficulty against the current one (the bank's, or the middle of the writer's level):
 * flagged, the writer's level (or the last calibration) is off. The current value is taken as
 * exact, so the standard error is the new estimate's.
 */
export function difficultyDrift(shift: number, se: number, settings: CalibrationSettings): Drift {
  return { shift, se, flagged: isDrift(shift, se, settings) };
}

/**
 * Parameter drift over time: the item's difficulty estimated again from each half of its answers
 * in time, with its discrimination and the learners' abilities as calibrated on all the answers
 * (a leaked question gets easier; a changed course may make one harder). Each half's standard
 * error is the whole's scaled by √(answers / answers in the half).
 */
export function timeDrift(
  p: Params,
  stats: ItemStats,
  se: number,
  settings: CalibrationSettings,
): TimeDrift | null {
  if (!stats.halves) return null;
  const total = stats.halves[0]!.answers + stats.halves[1]!.answers;
  const [first, second] = stats.halves.map((h) => {
    const half = { ...p };
    maximiseItem(half, h.expected, h.right, { ...settings, model: 'rasch' });
    return { b: half.b, se: se * Math.sqrt(total / h.answers) };
  }) as [{ b: number; se: number }, { b: number; se: number }];
  const shift = second.b - first.b;
  const seShift = Math.hypot(first.se, second.se);
  return { first: first.b, second: second.b, shift, se: seShift, flagged: isDrift(shift, seShift, settings) };
}

/**
 * The bank-level rule of decision 0040: every question has `bankAnswers` answers. It reads only
 * each item's answers and difficulty's standard error, typed so to need nothing from calibrate.ts.
 */
export function bankReadiness(
  items: readonly { answers: number; se: { difficulty: number | null } }[],
  settings: CalibrationSettings,
): BankReadiness {
  const enough = items.filter((r) => r.answers >= settings.bankAnswers).length;
  return {
    required: settings.bankAnswers,
    questions: items.length,
    enough,
    precise: items.filter((r) => r.se.difficulty !== null && r.se.difficulty <= settings.targetSe).length,
    ready: items.length > 0 && enough === items.length,
  };
}

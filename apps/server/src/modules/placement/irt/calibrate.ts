import { estimateAbility } from './estimate.js';
import { pCorrect, type ItemParams } from './model.js';

/**
 * Calibration of the item difficulties from learners' answers: Rasch with a guessing floor (the
 * scoring's model, model.ts: one common discrimination, each item's guessing floor fixed by its
 * form) by marginal maximum likelihood, with the EM algorithm over a grid of abilities (Bock &
 * Aitkin). The learners' abilities are not estimated one by one but integrated over a normal
 * population whose mean and spread are estimated with the difficulties.
 *
 * The scale keeps its CEFR anchoring through the writers: the calibrated difficulties are shifted
 * so that their mean is the mean of the difficulties they replace (the writers' levels, or the
 * previous calibration), and only their spread and order come from the answers.
 */
export interface CalibrationItem {
  id: string;
  /** The current parameters: the difficulty is the starting point and the anchor. */
  params: ItemParams;
}

export interface LearnerAnswers {
  answers: readonly { id: string; correct: boolean }[];
}

export interface ItemCalibration {
  id: string;
  answers: number;
  /** The new difficulty; the old one when the item had too few answers to move it. */
  difficulty: number;
  previous: number;
  /** Rasch fit mean squares: about 1 when the item fits; above 1.3 noisy, below 0.7 too predictable. */
  infit: number | null;
  outfit: number | null;
  calibrated: boolean;
  misfit: boolean;
}

export interface CalibrationResult {
  items: ItemCalibration[];
  population: { mean: number; sd: number };
  iterations: number;
  converged: boolean;
}

export const CALIBRATION_DEFAULTS = {
  /** An item needs this many answers before its difficulty is re-estimated. */
  minAnswers: 30,
  /** Infit mean squares outside this range, or an outfit above it, are reported as misfitting. */
  fit: { low: 0.7, high: 1.3 },
  maxIterations: 200,
  tolerance: 1e-4,
};

/** Quadrature nodes: θ from −5 to +5 by a tenth of a level. */
const NODES = Float64Array.from({ length: 101 }, (_, i) => -5 + i * 0.1);

export function calibrate(
  items: readonly CalibrationItem[],
  learners: readonly LearnerAnswers[],
  options: Partial<typeof CALIBRATION_DEFAULTS> = {},
): CalibrationResult {
  const settings = { ...CALIBRATION_DEFAULTS, ...options };
  const index = new Map(items.map((item, i) => [item.id, i]));
  const counts = new Array<number>(items.length).fill(0);
  const patterns = learners.map((l) =>
    l.answers.flatMap((a) => {
      const i = index.get(a.id);
      if (i === undefined) return [];
      counts[i]! += 1;
      return [{ i, correct: a.correct }];
    }),
  );
  const free = items.map((_, i) => counts[i]! >= settings.minAnswers);
  const params = items.map((item) => ({ ...item.params }));
  const anchor = mean(items.filter((_, i) => free[i]).map((item) => item.params.b));
  let population = { mean: 0, sd: 1 };
  let iterations = 0;
  let converged = false;

  for (; iterations < settings.maxIterations && !converged; iterations++) {
    // E step: each learner's posterior over the nodes; expected answers and right answers per node.
    const expected = items.map(() => new Float64Array(NODES.length));
    const right = items.map(() => new Float64Array(NODES.length));
    let m1 = 0;
    let m2 = 0;
    let people = 0;
    const logCurves = params.map((p) => ({
      right: NODES.map((t) => Math.log(pCorrect(t, p))),
      wrong: NODES.map((t) => Math.log(1 - pCorrect(t, p))),
    }));
    for (const pattern of patterns) {
      if (pattern.length === 0) continue;
      const log = NODES.map((t) => {
        const z = (t - population.mean) / population.sd;
        return -0.5 * z * z;
      });
      for (const { i, correct } of pattern) {
        const curve = correct ? logCurves[i]!.right : logCurves[i]!.wrong;
        for (let q = 0; q < NODES.length; q++) log[q]! += curve[q]!;
      }
      const max = Math.max(...log);
      const weights = log.map((l) => Math.exp(l - max));
      const total = weights.reduce((s, w) => s + w, 0);
      for (let q = 0; q < NODES.length; q++) weights[q]! /= total;
      for (const { i, correct } of pattern)
        for (let q = 0; q < NODES.length; q++) {
          expected[i]![q]! += weights[q]!;
          if (correct) right[i]![q]! += weights[q]!;
        }
      for (let q = 0; q < NODES.length; q++) {
        m1 += weights[q]! * NODES[q]!;
        m2 += weights[q]! * NODES[q]! * NODES[q]!;
      }
      people += 1;
    }
    // M step: each free item's difficulty by Fisher scoring; the population's mean and spread.
    let change = 0;
    params.forEach((p, i) => {
      if (!free[i]) return;
      const b = maximiseDifficulty(p, expected[i]!, right[i]!);
      change = Math.max(change, Math.abs(b - p.b));
      p.b = b;
    });
    const popMean = m1 / people;
    population = { mean: popMean, sd: Math.max(0.2, Math.sqrt(m2 / people - popMean * popMean)) };
    // Keep the writers' anchoring: the free difficulties keep their mean; the population follows.
    const shift = anchor - mean(params.filter((_, i) => free[i]).map((p) => p.b));
    params.forEach((p, i) => {
      if (free[i]) p.b += shift;
    });
    population.mean += shift;
    converged = change < settings.tolerance;
  }

  const fit = itemFit(params, patterns, population);
  return {
    items: items.map((item, i) => {
      const { infit, outfit } = fit[i]!;
      return {
        id: item.id,
        answers: counts[i]!,
        difficulty: params[i]!.b,
        previous: item.params.b,
        infit,
        outfit,
        calibrated: free[i]!,
        // Infit either way; outfit only when high: with items this steep, an outfit below 0.7
        // mostly means learners far from the item answered as expected, which is no fault.
        misfit:
          (infit !== null && (infit < settings.fit.low || infit > settings.fit.high)) ||
          (outfit !== null && outfit > settings.fit.high),
      };
    }),
    population,
    iterations,
    converged,
  };
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;

/** The difficulty that maximises the expected log-likelihood of one item (Fisher scoring). */
function maximiseDifficulty(p: ItemParams, expected: Float64Array, right: Float64Array): number {
  let b = p.b;
  for (let step = 0; step < 20; step++) {
    let score = 0;
    let info = 0;
    for (let q = 0; q < NODES.length; q++) {
      if (expected[q]! < 1e-12) continue;
      const logistic = 1 / (1 + Math.exp(-p.a * (NODES[q]! - b)));
      const prob = p.c + (1 - p.c) * logistic;
      const slope = -p.a * (1 - p.c) * logistic * (1 - logistic); // dP/db
      const variance = prob * (1 - prob);
      score += ((right[q]! - expected[q]! * prob) * slope) / variance;
      info += (expected[q]! * slope * slope) / variance;
    }
    if (info < 1e-9) break;
    const move = Math.max(-1, Math.min(1, score / info));
    b = Math.max(-6, Math.min(6, b + move));
    if (Math.abs(move) < 1e-6) break;
  }
  return b;
}

/**
 * Rasch fit mean squares per item, from each learner's ability estimate (posterior mean with the
 * population as prior): outfit is the mean squared standardised residual, sensitive to surprises
 * far from the item's difficulty; infit weights them by information, sensitive near it.
 */
function itemFit(
  params: readonly ItemParams[],
  patterns: readonly { i: number; correct: boolean }[][],
  population: { mean: number; sd: number },
) {
  const sums = params.map(() => ({ z2: 0, n: 0, residual2: 0, variance: 0 }));
  for (const pattern of patterns) {
    if (pattern.length === 0) continue;
    const theta = estimateAbility(
      pattern.map(({ i, correct }) => ({ item: params[i]!, correct })),
      population,
    ).theta;
    for (const { i, correct } of pattern) {
      const p = pCorrect(theta, params[i]!);
      const variance = p * (1 - p);
      const residual = (correct ? 1 : 0) - p;
      const s = sums[i]!;
      s.z2 += (residual * residual) / variance;
      s.n += 1;
      s.residual2 += residual * residual;
      s.variance += variance;
    }
  }
  return sums.map((s) => ({
    outfit: s.n ? s.z2 / s.n : null,
    infit: s.variance ? s.residual2 / s.variance : null,
  }));
}

import { clampAlpha, discriminationPrior, type CalibrationSettings } from './calibration-settings.js';

/**
 * The calibration's model over the grid of abilities: the items' response curves, a learner's
 * posterior, the E step's expected counts and the M step for one item (the method is described at
 * the top of calibrate.ts).
 */

/** Quadrature nodes: θ from −5 to +5 by a tenth of a level. */
export const NODES = Float64Array.from({ length: 101 }, (_, i) => -5 + i * 0.1);
export const NODE_COUNT = NODES.length;

/** A learner's answers as indices into the items, with the half of the item's answers in time. */
export interface Answer {
  i: number;
  correct: boolean;
  at: number | undefined;
  /** 0 or 1: first or second half of the item's answers in time; −1 without times. */
  half: number;
}

export interface Params {
  b: number;
  /** ln a: the discrimination is estimated on the log scale, where its prior is normal. */
  alpha: number;
  /** Guessing floor and ceiling (1 − the scoring's slips): fixed, as the scoring has them. */
  c: number;
  d: number;
}

/** The item response curve at every node: P, its derivatives in b and ln a, and the second ones. */
export interface Curve {
  p: Float64Array;
  logRight: Float64Array;
  logWrong: Float64Array;
  /** ∂P/∂b, ∂P/∂α (α = ln a). */
  db: Float64Array;
  da: Float64Array;
  /** ∂²P/∂b², ∂²P/∂b∂α, ∂²P/∂α². */
  dbb: Float64Array;
  dba: Float64Array;
  daa: Float64Array;
}

export function curveOf({ b, alpha, c, d }: Params): Curve {
  const curve: Curve = {
    p: new Float64Array(NODE_COUNT),
    logRight: new Float64Array(NODE_COUNT),
    logWrong: new Float64Array(NODE_COUNT),
    db: new Float64Array(NODE_COUNT),
    da: new Float64Array(NODE_COUNT),
    dbb: new Float64Array(NODE_COUNT),
    dba: new Float64Array(NODE_COUNT),
    daa: new Float64Array(NODE_COUNT),
  };
  const a = Math.exp(alpha);
  const k = d - c;
  for (let q = 0; q < NODE_COUNT; q++) {
    // P = c + (d − c) L(z), z = a(θ − b); L' = L(1 − L), L'' = L'(1 − 2L).
    const z = a * (NODES[q]! - b);
    const L = 1 / (1 + Math.exp(-z));
    const v = L * (1 - L);
    const v2 = v * (1 - 2 * L);
    // Kept off 0 and 1 so that logarithms and variances stay finite far from the item.
    const p = Math.min(1 - 1e-12, Math.max(1e-12, c + k * L));
    curve.p[q] = p;
    curve.logRight[q] = Math.log(p);
    curve.logWrong[q] = Math.log(1 - p);
    // ∂z/∂b = −a, ∂z/∂α = z; ∂²z/∂b² = 0, ∂²z/∂b∂α = −a, ∂²z/∂α² = z.
    curve.db[q] = -k * v * a;
    curve.da[q] = k * v * z;
    curve.dbb[q] = k * v2 * a * a;
    curve.dba[q] = -k * a * (v2 * z + v);
    curve.daa[q] = k * (v2 * z * z + v * z);
  }
  return curve;
}

/**
 * A learner's posterior over the nodes (normalised into `into`), given the population as prior;
 * returns the range of nodes that carry weight, so that sums can skip the rest.
 */
export function posteriorOf(
  pattern: readonly Answer[],
  curves: readonly Curve[],
  population: { mean: number; sd: number },
  into: Float64Array,
): { lo: number; hi: number } {
  for (let q = 0; q < NODE_COUNT; q++) {
    const z = (NODES[q]! - population.mean) / population.sd;
    into[q] = -0.5 * z * z;
  }
  for (const { i, correct } of pattern) {
    const log = correct ? curves[i]!.logRight : curves[i]!.logWrong;
    for (let q = 0; q < NODE_COUNT; q++) into[q]! += log[q]!;
  }
  let max = -Infinity;
  for (let q = 0; q < NODE_COUNT; q++) if (into[q]! > max) max = into[q]!;
  let total = 0;
  let lo = NODE_COUNT;
  let hi = -1;
  for (let q = 0; q < NODE_COUNT; q++) {
    const d = into[q]! - max;
    // Weights under e^−25 of the largest are left out: they change no sum.
    if (d < -25) {
      into[q] = 0;
      continue;
    }
    into[q] = Math.exp(d);
    total += into[q]!;
    if (q < lo) lo = q;
    hi = q;
  }
  for (let q = lo; q <= hi; q++) into[q]! /= total;
  return { lo, hi };
}

/** E step: expected answers and right answers per item and node; the population's moments. */
export function expectedCounts(
  params: readonly Params[],
  patterns: readonly Answer[][],
  population: { mean: number; sd: number },
) {
  const curves = params.map(curveOf);
  const expected = params.map(() => new Float64Array(NODE_COUNT));
  const right = params.map(() => new Float64Array(NODE_COUNT));
  const weights = new Float64Array(NODE_COUNT);
  let m1 = 0;
  let m2 = 0;
  for (const pattern of patterns) {
    const { lo, hi } = posteriorOf(pattern, curves, population, weights);
    for (const { i, correct } of pattern) {
      const e = expected[i]!;
      const r = right[i]!;
      for (let q = lo; q <= hi; q++) {
        e[q]! += weights[q]!;
        if (correct) r[q]! += weights[q]!;
      }
    }
    for (let q = lo; q <= hi; q++) {
      m1 += weights[q]! * NODES[q]!;
      m2 += weights[q]! * NODES[q]! * NODES[q]!;
    }
  }
  const people = Math.max(1, patterns.length);
  const popMean = m1 / people;
  return {
    expected,
    right,
    population: { mean: popMean, sd: Math.max(0.2, Math.sqrt(Math.max(0, m2 / people - popMean * popMean))) },
  };
}

/**
 * M step for one item: the difficulty (and under the 2PL the log-discrimination, with its prior)
 * that maximise the expected log-likelihood of its answers, by Fisher scoring. Steps are limited
 * and the values kept in range, so that an item answered all right or all wrong stays finite.
 */
export function maximiseItem(
  p: Params,
  expected: Float64Array,
  right: Float64Array,
  settings: CalibrationSettings,
): void {
  const both = settings.model === '2pl';
  const prior = discriminationPrior(settings);
  for (let step = 0; step < 10; step++) {
    const curve = curveOf(p);
    let gb = 0;
    let ga = 0;
    let fbb = 0;
    let fba = 0;
    let faa = 0;
    for (let q = 0; q < NODE_COUNT; q++) {
      const n = expected[q]!;
      if (n < 1e-12) continue;
      const prob = curve.p[q]!;
      const variance = prob * (1 - prob);
      const residual = (right[q]! - n * prob) / variance;
      gb += residual * curve.db[q]!;
      ga += residual * curve.da[q]!;
      fbb += (n * curve.db[q]! * curve.db[q]!) / variance;
      fba += (n * curve.db[q]! * curve.da[q]!) / variance;
      faa += (n * curve.da[q]! * curve.da[q]!) / variance;
    }
    let moveB: number;
    let moveA = 0;
    if (both) {
      ga -= (p.alpha - prior.mean) * prior.precision;
      faa += prior.precision;
      const det = fbb * faa - fba * fba;
      if (det < 1e-12) break;
      moveB = (faa * gb - fba * ga) / det;
      moveA = (fbb * ga - fba * gb) / det;
    } else {
      if (fbb < 1e-9) break;
      moveB = gb / fbb;
    }
    moveB = Math.max(-1, Math.min(1, moveB));
    moveA = Math.max(-0.5, Math.min(0.5, moveA));
    p.b = Math.max(-6, Math.min(6, p.b + moveB));
    p.alpha = clampAlpha(p.alpha + moveA, settings);
    if (Math.abs(moveB) < 1e-7 && Math.abs(moveA) < 1e-7) break;
  }
}

export function pAt(theta: number, { b, alpha, c, d }: Params): number {
  return c + (d - c) / (1 + Math.exp(-Math.exp(alpha) * (theta - b)));
}

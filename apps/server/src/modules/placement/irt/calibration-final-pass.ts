import {
  curveOf,
  NODE_COUNT,
  NODES,
  pAt,
  posteriorOf,
  type Answer,
  type Params,
} from './calibration-curves.js';
import type { CalibrationModel } from './calibration-settings.js';

/** Per item after convergence: the observed information, fit sums, and the halves' counts. */
export interface ItemStats {
  /** Observed information of the item's answers in (b, α): [bb, bα, αα], prior excluded. */
  information: [number, number, number];
  infit: number | null;
  outfit: number | null;
  infitZ: number | null;
  outfitZ: number | null;
  halves: { expected: Float64Array; right: Float64Array; answers: number }[] | null;
}

/**
 * One more E step at the final parameters, gathering what the reports need:
 *
 * - The observed information by Louis's identity, item by item: minus the second derivative of
 *   the marginal log-likelihood in the item's (b, α) is Σ over learners of (posterior mean of
 *   the complete-data score)² minus Σ over nodes of ∂²P · (r − nP) / (P(1 − P)), with n and r
 *   the expected answers and right answers at the node. It counts what the learners' unknown
 *   abilities take away from each answer, which the expected information would not.
 * - Fit mean squares, from each learner's ability estimate (posterior mean with the population
 *   as prior): outfit is the mean squared standardised residual, sensitive to surprises far from
 *   the item's difficulty; infit weights them by information, sensitive near it. Each is also
 *   standardised from its variance under the model (Wright & Masters 1982: each answer's
 *   variance W = P(1 − P) and fourth moment C = W((1 − P)³ + P³)) by the Wilson–Hilferty cube
 *   root, t = (MS^⅓ − 1)(3/q) + q/3, so that chance misfit with few answers is told apart.
 * - Expected counts of each half of the item's answers in time, for the drift over time.
 */
export function finalPass(
  params: readonly Params[],
  patterns: readonly Answer[][],
  population: { mean: number; sd: number },
  itemCount: number,
  model: CalibrationModel,
): { items: ItemStats[] } {
  const curves = params.map(curveOf);
  const expected = params.map(() => new Float64Array(NODE_COUNT));
  const right = params.map(() => new Float64Array(NODE_COUNT));
  const crossProducts = params.map(() => [0, 0, 0] as [number, number, number]);
  const fit = params.map(() => ({ z2: 0, n: 0, residual2: 0, variance: 0, kurtosisOut: 0, kurtosisIn: 0 }));
  const halves = params.map(() => null as ItemStats['halves']);
  const weights = new Float64Array(NODE_COUNT);
  for (const pattern of patterns) {
    const { lo, hi } = posteriorOf(pattern, curves, population, weights);
    let theta = 0;
    for (let q = lo; q <= hi; q++) theta += weights[q]! * NODES[q]!;
    for (const { i, correct, half } of pattern) {
      const curve = curves[i]!;
      let gb = 0;
      let ga = 0;
      for (let q = lo; q <= hi; q++) {
        const w = weights[q]!;
        const prob = curve.p[q]!;
        const u = ((correct ? 1 : 0) - prob) / (prob * (1 - prob));
        gb += w * u * curve.db[q]!;
        ga += w * u * curve.da[q]!;
        expected[i]![q]! += w;
        if (correct) right[i]![q]! += w;
      }
      const cp = crossProducts[i]!;
      cp[0] += gb * gb;
      cp[1] += gb * ga;
      cp[2] += ga * ga;
      if (half >= 0) {
        const h = (halves[i] ??= [0, 1].map(() => ({
          expected: new Float64Array(NODE_COUNT),
          right: new Float64Array(NODE_COUNT),
          answers: 0,
        })))[half]!;
        h.answers += 1;
        for (let q = lo; q <= hi; q++) {
          h.expected[q]! += weights[q]!;
          if (correct) h.right[q]! += weights[q]!;
        }
      }
      const p = pAt(theta, params[i]!);
      const variance = p * (1 - p);
      const residual = (correct ? 1 : 0) - p;
      const s = fit[i]!;
      s.z2 += (residual * residual) / variance;
      s.n += 1;
      s.residual2 += residual * residual;
      s.variance += variance;
      const fourth = variance * ((1 - p) ** 3 + p ** 3);
      s.kurtosisOut += fourth / (variance * variance);
      s.kurtosisIn += fourth - variance * variance;
    }
  }
  const items = Array.from({ length: itemCount }, (_, i): ItemStats => {
    const curve = curves[i]!;
    // Louis: the cross-products minus the second-derivative term.
    let hbb = 0;
    let hba = 0;
    let haa = 0;
    let cbb = 0;
    let cba = 0;
    let caa = 0;
    for (let q = 0; q < NODE_COUNT; q++) {
      const n = expected[i]![q]!;
      if (n < 1e-12) continue;
      const prob = curve.p[q]!;
      const variance = prob * (1 - prob);
      const residual = (right[i]![q]! - n * prob) / variance;
      hbb += curve.dbb[q]! * residual;
      hba += curve.dba[q]! * residual;
      haa += curve.daa[q]! * residual;
      cbb += (n * curve.db[q]! * curve.db[q]!) / variance;
      cba += (n * curve.db[q]! * curve.da[q]!) / variance;
      caa += (n * curve.da[q]! * curve.da[q]!) / variance;
    }
    const cp = crossProducts[i]!;
    let information: [number, number, number] = [cp[0] - hbb, cp[1] - hba, cp[2] - haa];
    // Far from the optimum, or with a handful of answers, the identity may not give a positive
    // information (for the difficulty, and under the 2PL for both parameters together): the
    // expected complete-data information stands in (it overstates a little).
    const [ibb, iba, iaa] = information;
    if (!(ibb > 0) || (model === '2pl' && !(iaa > 0 && ibb * iaa - iba * iba > 0)))
      information = [cbb, cba, caa];
    const s = fit[i]!;
    const outfit = s.n ? s.z2 / s.n : null;
    const infit = s.variance ? s.residual2 / s.variance : null;
    return {
      information,
      outfit,
      infit,
      outfitZ: outfit === null ? null : standardised(outfit, s.kurtosisOut / (s.n * s.n) - 1 / s.n),
      infitZ: infit === null ? null : standardised(infit, s.kurtosisIn / (s.variance * s.variance)),
      halves: halves[i]!,
    };
  });
  return { items };
}

/** Wilson–Hilferty: a mean square of variance q² as a standard normal deviate. */
function standardised(meanSquare: number, variance: number): number | null {
  if (!(variance > 0)) return null;
  const q = Math.sqrt(variance);
  return (Math.cbrt(meanSquare) - 1) * (3 / q) + q / 3;
}

import { pCorrect, type ItemParams } from './model.js';

/**
 * Ability estimation: the posterior mean (EAP) over a grid of abilities, with its standard
 * deviation as the standard error. A posterior mean exists for every pattern of answers (all
 * right, all wrong, a blind guesser's), where maximum likelihood runs off to ±∞.
 *
 * The prior is weak: centred on B1.5 with a spread of two levels, so that a handful of answers
 * outweighs it; with a full part it moves an estimate by well under a tenth of a level.
 */
export const PRIOR = { mean: 0, sd: 2 } as const;

/** θ from −6 (far below A0) to +6 (far above C2) by twentieths of a level. */
export const GRID: Float64Array = Float64Array.from({ length: 241 }, (_, i) => -6 + i * 0.05);

export interface Response {
  item: ItemParams;
  correct: boolean;
}

export interface Estimate {
  theta: number;
  /** Posterior standard deviation, in CEFR levels. */
  se: number;
}

/**
 * log P(right) and log P(wrong) of an item at every grid point, computed once per item: an
 * estimate is then a sum, which keeps the adaptive choice and the simulation fast.
 */
const logCurves = new WeakMap<ItemParams, { right: Float64Array; wrong: Float64Array }>();
function curvesOf(item: ItemParams) {
  let curves = logCurves.get(item);
  if (!curves) {
    const right = new Float64Array(GRID.length);
    const wrong = new Float64Array(GRID.length);
    for (let g = 0; g < GRID.length; g++) {
      const p = pCorrect(GRID[g]!, item);
      right[g] = Math.log(p);
      wrong[g] = Math.log(1 - p);
    }
    curves = { right, wrong };
    logCurves.set(item, curves);
  }
  return curves;
}

/** Adds one answer's log-likelihood at every grid point to `into`. */
export function addResponse(into: Float64Array, response: Response): void {
  const curves = curvesOf(response.item);
  const curve = response.correct ? curves.right : curves.wrong;
  for (let g = 0; g < GRID.length; g++) into[g]! += curve[g]!;
}

/** The posterior mean and standard deviation from a log-likelihood on the grid. */
export function posterior(
  logLikelihood: Float64Array,
  prior: { mean: number; sd: number } = PRIOR,
): Estimate {
  let max = -Infinity;
  const logPost = new Float64Array(GRID.length);
  for (let g = 0; g < GRID.length; g++) {
    const z = (GRID[g]! - prior.mean) / prior.sd;
    logPost[g] = logLikelihood[g]! - 0.5 * z * z;
    if (logPost[g]! > max) max = logPost[g]!;
  }
  let total = 0;
  let mean = 0;
  for (let g = 0; g < GRID.length; g++) {
    const w = Math.exp(logPost[g]! - max);
    total += w;
    mean += w * GRID[g]!;
  }
  mean /= total;
  let variance = 0;
  for (let g = 0; g < GRID.length; g++) {
    const d = GRID[g]! - mean;
    variance += Math.exp(logPost[g]! - max) * d * d;
  }
  return { theta: mean, se: Math.sqrt(variance / total) };
}

export function estimateAbility(
  responses: readonly Response[],
  prior: { mean: number; sd: number } = PRIOR,
): Estimate {
  const logLikelihood = new Float64Array(GRID.length);
  for (const r of responses) addResponse(logLikelihood, r);
  return posterior(logLikelihood, prior);
}

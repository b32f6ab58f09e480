import type { Params } from './calibration-curves.js';
import { clampAlpha, type CalibrationSettings } from './calibration-settings.js';

/** Where the calibration's scale sits and its unit (the reasons are at the top of calibrate.ts). */

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;

/** What the anchoring keeps of the re-estimated items' current parameters. */
export interface Anchors {
  /** Their mean difficulty and mean log-discrimination. */
  b: number;
  alpha: number;
  /** Their current difficulties, in the order of the re-estimated items. */
  current: number[];
}

/**
 * Below this spread (standard deviation, in levels) of the re-estimated items' current
 * difficulties, they span too few levels to set the unit by (the slope would be noise): the
 * mean log-discrimination sets it instead.
 */
const MIN_SPREAD_FOR_UNIT = 0.5;

export function anchorsOf(params: readonly Params[], free: readonly boolean[]): Anchors {
  const moved = params.filter((_, i) => free[i]);
  return {
    b: mean(moved.map((p) => p.b)),
    alpha: mean(moved.map((p) => p.alpha)),
    current: moved.map((p) => p.b),
  };
}

/** The slope of y on x (least squares); null when x does not vary enough. */
function slopeOf(x: readonly number[], y: readonly number[]): number | null {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  x.forEach((xi, k) => {
    sxy += (xi - mx) * (y[k]! - my);
    sxx += (xi - mx) ** 2;
  });
  return x.length > 2 && Math.sqrt(sxx / x.length) >= MIN_SPREAD_FOR_UNIT ? sxy / sxx : null;
}

/**
 * The anchoring (see the top of calibrate.ts), after each M step. Under the 2PL, the unit first: the
 * re-estimated difficulties are stretched so that they rise by one level per level of the
 * current ones (the slope of new on current is 1), or, when the current ones span too few
 * levels, so that the mean log-discrimination is what it was. Then the place: the mean
 * difficulty is put back where it was. The population follows both, so that the answers are
 * explained exactly as well as before.
 */
export function anchor(
  params: Params[],
  free: readonly boolean[],
  population: { mean: number; sd: number },
  anchors: Anchors,
  settings: CalibrationSettings,
): { mean: number; sd: number } {
  const moved = params.filter((_, i) => free[i]);
  if (moved.length === 0) return population;
  let { mean: popMean, sd } = population;
  if (settings.model === '2pl') {
    // a(θ − b) is unchanged when a is multiplied by g and θ and b divided by it.
    const slope = slopeOf(
      anchors.current,
      moved.map((p) => p.b),
    );
    const g =
      slope !== null && slope > 0.1 ? slope : Math.exp(anchors.alpha - mean(moved.map((p) => p.alpha)));
    for (const p of moved) {
      p.alpha = clampAlpha(p.alpha + Math.log(g), settings);
      p.b /= g;
    }
    popMean /= g;
    sd = Math.max(0.2, sd / g);
  }
  const shift = anchors.b - mean(moved.map((p) => p.b));
  for (const p of moved) p.b += shift;
  return { mean: popMean + shift, sd };
}

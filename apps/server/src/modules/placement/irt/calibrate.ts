import { SCORING_DISCRIMINATION, type ItemParams } from './model.js';

/**
 * Calibration of the items from learners' answers (issue 33; decisions 0027 and 0040).
 *
 * Model: the scoring's logistic model (model.ts) with each item's guessing floor fixed by its
 * form and its ceiling by the scoring's allowance for slips, so that between the two it is a
 * two-parameter model: each item's difficulty b and discrimination a are estimated ('2pl', the
 * default), or the difficulty alone with the item's current discrimination kept ('rasch': Rasch
 * with a floor, as before issue 33).
 *
 * Method: marginal maximum likelihood by the EM algorithm over a grid of abilities (Bock &
 * Aitkin). The learners' abilities are not estimated one by one but integrated over a normal
 * population whose mean and spread are estimated with the items. The discrimination has a weak
 * log-normal prior centred on the scoring's common value, so that an item with few answers stays
 * near it and only answers that say otherwise move it.
 *
 * Anchoring: answers fix the items' order and spacing, not where the scale sits nor its unit.
 * - Place: the re-estimated difficulties keep the mean of the difficulties they replace (the
 *   writers' levels, or the previous calibration), so the scale stays on the CEFR by the writers'
 *   judgement on average.
 * - Unit (2PL only): stretching every ability and difficulty by k and dividing every
 *   discrimination by k fits the answers exactly as well; the prior alone would only pin it
 *   weakly. The unit is set by the writers too: the re-estimated difficulties rise, on average,
 *   by one level per level of the ones they replace (the slope of new on current is kept at 1),
 *   so that one unit stays one CEFR level as the writers judge levels on average, whatever the
 *   questions' mean discrimination turns out to be. The mean log-discrimination is NOT anchored:
 *   it is what the calibration is there to measure. Anchoring it at the scoring's common value
 *   instead would squeeze or stretch the whole scale whenever the questions discriminate
 *   otherwise on average (by a quarter for 1.5 against 2: a C2.5 learner then placed at C1.75).
 *   It is only the fallback when the re-estimated
 *   items span too few levels to give a slope (MIN_SPREAD_FOR_UNIT), as a partial calibration
 *   of one level would. Under Rasch the common discrimination sets the unit, as before.
 *
 * After convergence: standard errors from the observed information (Louis's identity, item by
 * item), fit mean squares, drift against the current difficulty and between the first and the
 * second half of the answers in time, and the answers each item needs for a precise difficulty.
 */
export interface CalibrationItem {
  id: string;
  /** The current parameters: the starting point and the anchor. */
  params: ItemParams;
}

export interface LearnerAnswers {
  /** `at`: when the answer was given (ms since the epoch), for the drift over time; optional. */
  answers: readonly { id: string; correct: boolean; at?: number }[];
}

export type CalibrationModel = '2pl' | 'rasch';

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

export interface ItemCalibration {
  id: string;
  answers: number;
  /** The new difficulty; the old one when the item had too few answers to move it. */
  difficulty: number;
  /** The new discrimination (per level); the old one under Rasch or with too few answers. */
  discrimination: number;
  /** The current difficulty and discrimination (bank value, or writer's level and the common one). */
  previous: number;
  previousDiscrimination: number;
  /**
   * Standard errors from the observed information of the item's answers (the discrimination's
   * null under Rasch); for an item not re-estimated, what its answers would give. Null without
   * answers.
   */
  se: { difficulty: number | null; discrimination: number | null };
  /** Fit mean squares: about 1 when the item fits; above 1.3 noisy, below 0.7 too predictable. */
  infit: number | null;
  outfit: number | null;
  /** The mean squares standardised (Wilson–Hilferty t): beyond ±2, not the chance of few answers. */
  infitZ: number | null;
  outfitZ: number | null;
  calibrated: boolean;
  misfit: boolean;
  /** Why: 'infit', 'outfit', 'weak' (discrimination under CALIBRATION_DEFAULTS.weakDiscrimination). */
  misfitReasons: string[];
  /** The new difficulty against the current one; null when not re-estimated. */
  drift: Drift | null;
  /** The first half of the answers in time against the second; null without times or answers enough. */
  timeDrift: TimeDrift | null;
  /** Answers the difficulty needs for a standard error of `targetSe` (all of them, not more); null under 5 answers. */
  answersNeeded: number | null;
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

export interface CalibrationResult {
  model: CalibrationModel;
  items: ItemCalibration[];
  population: { mean: number; sd: number };
  iterations: number;
  converged: boolean;
  readiness: BankReadiness;
}

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

/** Quadrature nodes: θ from −5 to +5 by a tenth of a level. */
const NODES = Float64Array.from({ length: 101 }, (_, i) => -5 + i * 0.1);
const NODE_COUNT = NODES.length;

/** A learner's answers as indices into the items, with the half of the item's answers in time. */
interface Answer {
  i: number;
  correct: boolean;
  at: number | undefined;
  /** 0 or 1: first or second half of the item's answers in time; −1 without times. */
  half: number;
}

interface Params {
  b: number;
  /** ln a: the discrimination is estimated on the log scale, where its prior is normal. */
  alpha: number;
  /** Guessing floor and ceiling (1 − the scoring's slips): fixed, as the scoring has them. */
  c: number;
  d: number;
}

export function calibrate(
  items: readonly CalibrationItem[],
  learners: readonly LearnerAnswers[],
  options: Partial<CalibrationSettings> = {},
): CalibrationResult {
  const settings = { ...CALIBRATION_DEFAULTS, ...options };
  const { patterns, counts } = indexAnswers(items, learners);
  markHalves(patterns, counts, items.length, settings.minAnswers);
  const free = counts.map((n) => n >= settings.minAnswers);
  const params: Params[] = items.map(({ params: p }) => ({
    b: p.b,
    alpha: Math.log(p.a),
    c: p.c,
    d: p.d ?? 1,
  }));
  const anchors = anchorsOf(params, free);
  let population = { mean: 0, sd: 1 };
  let iterations = 0;
  let converged = false;

  for (; iterations < settings.maxIterations && !converged; iterations++) {
    const before = params.map((p) => ({ ...p }));
    const counted = expectedCounts(params, patterns, population);
    params.forEach((p, i) => {
      if (free[i]) maximiseItem(p, counted.expected[i]!, counted.right[i]!, settings);
    });
    population = counted.population;
    population = anchor(params, free, population, anchors, settings);
    const change = Math.max(
      0,
      ...params.map((p, i) => Math.max(Math.abs(p.b - before[i]!.b), Math.abs(p.alpha - before[i]!.alpha))),
    );
    converged = change < settings.tolerance;
  }

  const final = finalPass(params, patterns, population, items.length, settings.model);
  const results = items.map((item, i): ItemCalibration => {
    const p = params[i]!;
    const stats = final.items[i]!;
    const se = standardErrors(stats.information, settings);
    const fitted = fitFlags(stats, Math.exp(p.alpha), free[i]!, settings);
    const calibrated = free[i]!;
    return {
      id: item.id,
      answers: counts[i]!,
      difficulty: p.b,
      discrimination: Math.exp(p.alpha),
      previous: item.params.b,
      previousDiscrimination: item.params.a,
      se: counts[i]! > 0 ? se : { difficulty: null, discrimination: null },
      infit: stats.infit,
      outfit: stats.outfit,
      infitZ: stats.infitZ,
      outfitZ: stats.outfitZ,
      calibrated,
      ...fitted,
      drift:
        calibrated && se.difficulty !== null
          ? difficultyDrift(p.b - item.params.b, se.difficulty, settings)
          : null,
      timeDrift: calibrated && se.difficulty !== null ? timeDrift(p, stats, se.difficulty, settings) : null,
      answersNeeded: counts[i]! >= 5 ? answersNeeded(stats.information, counts[i]!, settings) : null,
    };
  });
  return {
    model: settings.model,
    items: results,
    population,
    iterations,
    converged,
    readiness: bankReadiness(results, settings),
  };
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;

/** The answers as item indices, per learner; answers to items not in the bank are left out. */
function indexAnswers(items: readonly CalibrationItem[], learners: readonly LearnerAnswers[]) {
  const index = new Map(items.map((item, i) => [item.id, i]));
  const counts = new Array<number>(items.length).fill(0);
  const patterns = learners
    .map((l) =>
      l.answers.flatMap((a): Answer[] => {
        const i = index.get(a.id);
        if (i === undefined) return [];
        counts[i]! += 1;
        return [{ i, correct: a.correct, at: a.at, half: -1 }];
      }),
    )
    .filter((pattern) => pattern.length > 0);
  return { patterns, counts };
}

/**
 * Splits each item's answers into the first and the second half in time (ties in the order of
 * the learners), when every answer of the item has a time and each half has enough answers to
 * estimate a difficulty from.
 */
function markHalves(patterns: Answer[][], counts: readonly number[], itemCount: number, minAnswers: number) {
  const timed: Answer[][] = Array.from({ length: itemCount }, () => []);
  for (const pattern of patterns) for (const a of pattern) if (Number.isFinite(a.at)) timed[a.i]!.push(a);
  timed.forEach((answers, i) => {
    if (answers.length !== counts[i] || answers.length < 2 * minAnswers) return;
    const sorted = answers
      .map((a, order) => ({ a, order }))
      .sort((x, y) => x.a.at! - y.a.at! || x.order - y.order);
    const cut = Math.floor(sorted.length / 2);
    sorted.forEach(({ a }, rank) => (a.half = rank < cut ? 0 : 1));
  });
}

/** The item response curve at every node: P, its derivatives in b and ln a, and the second ones. */
interface Curve {
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

function curveOf({ b, alpha, c, d }: Params): Curve {
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
function posteriorOf(
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
function expectedCounts(
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
function maximiseItem(
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

function discriminationPrior(settings: Pick<CalibrationSettings, 'discriminationPrior'>) {
  const { median, logSd } = settings.discriminationPrior;
  return { mean: Math.log(median), precision: 1 / (logSd * logSd) };
}

function clampAlpha(alpha: number, settings: CalibrationSettings): number {
  const { min, max } = settings.discriminationRange;
  return Math.max(Math.log(min), Math.min(Math.log(max), alpha));
}

/** What the anchoring keeps of the re-estimated items' current parameters. */
interface Anchors {
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

function anchorsOf(params: readonly Params[], free: readonly boolean[]): Anchors {
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
 * The anchoring (see the top of the file), after each M step. Under the 2PL, the unit first: the
 * re-estimated difficulties are stretched so that they rise by one level per level of the
 * current ones (the slope of new on current is 1), or, when the current ones span too few
 * levels, so that the mean log-discrimination is what it was. Then the place: the mean
 * difficulty is put back where it was. The population follows both, so that the answers are
 * explained exactly as well as before.
 */
function anchor(
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

/** Per item after convergence: the observed information, fit sums, and the halves' counts. */
interface ItemStats {
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
function finalPass(
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

function pAt(theta: number, { b, alpha, c, d }: Params): number {
  return c + (d - c) / (1 + Math.exp(-Math.exp(alpha) * (theta - b)));
}

/**
 * Standard errors of the difficulty and discrimination: the inverse of the information (plus
 * the prior's on log-discrimination, as the estimate has it); under Rasch the difficulty's alone.
 */
function standardErrors(
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
function fitFlags(
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
function difficultyDrift(shift: number, se: number, settings: CalibrationSettings): Drift {
  return { shift, se, flagged: isDrift(shift, se, settings) };
}

/**
 * Parameter drift over time: the item's difficulty estimated again from each half of its answers
 * in time, with its discrimination and the learners' abilities as calibrated on all the answers
 * (a leaked question gets easier; a changed course may make one harder). Each half's standard
 * error is the whole's scaled by √(answers / answers in the half).
 */
function timeDrift(p: Params, stats: ItemStats, se: number, settings: CalibrationSettings): TimeDrift | null {
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

/** The bank-level rule of decision 0040: every question has `bankAnswers` answers. */
function bankReadiness(items: readonly ItemCalibration[], settings: CalibrationSettings): BankReadiness {
  const enough = items.filter((r) => r.answers >= settings.bankAnswers).length;
  return {
    required: settings.bankAnswers,
    questions: items.length,
    enough,
    precise: items.filter((r) => r.se.difficulty !== null && r.se.difficulty <= settings.targetSe).length,
    ready: items.length > 0 && enough === items.length,
  };
}

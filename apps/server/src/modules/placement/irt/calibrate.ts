import { anchor, anchorsOf } from './calibration-anchor.js';
import {
  answersNeeded,
  bankReadiness,
  difficultyDrift,
  fitFlags,
  standardErrors,
  timeDrift,
  type BankReadiness,
  type Drift,
  type TimeDrift,
} from './calibration-checks.js';
import { expectedCounts, maximiseItem, type Answer, type Params } from './calibration-curves.js';
import { finalPass } from './calibration-final-pass.js';
import {
  CALIBRATION_DEFAULTS,
  type CalibrationModel,
  type CalibrationSettings,
} from './calibration-settings.js';
import type { ItemParams } from './model.js';

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
 *
 * This file holds the entry and the EM loop; the parts are beside it, pure like it:
 * calibration-settings.ts (the settings and their reasons), calibration-curves.ts (the curves,
 * the E step and the M step), calibration-anchor.ts (the anchoring), calibration-final-pass.ts
 * (information, fit and halves after convergence) and calibration-checks.ts (what is judged from
 * them). Callers import from here: what they use of the parts is re-exported.
 */
export {
  answersNeeded,
  isDrift,
  type BankReadiness,
  type Drift,
  type TimeDrift,
} from './calibration-checks.js';
export {
  CALIBRATION_DEFAULTS,
  type CalibrationModel,
  type CalibrationSettings,
} from './calibration-settings.js';

export interface CalibrationItem {
  id: string;
  /** The current parameters: the starting point and the anchor. */
  params: ItemParams;
}

export interface LearnerAnswers {
  /** `at`: when the answer was given (ms since the epoch), for the drift over time; optional. */
  answers: readonly { id: string; correct: boolean; at?: number }[];
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

export interface CalibrationResult {
  model: CalibrationModel;
  items: ItemCalibration[];
  population: { mean: number; sd: number };
  iterations: number;
  converged: boolean;
  readiness: BankReadiness;
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

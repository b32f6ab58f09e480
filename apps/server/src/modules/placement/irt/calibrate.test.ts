import { describe, expect, it } from 'vitest';
import {
  answersNeeded,
  calibrate,
  CALIBRATION_DEFAULTS,
  isDrift,
  type CalibrationItem,
  type CalibrationResult,
  type LearnerAnswers,
} from './calibrate.js';
import { pCorrect, SCORING_DISCRIMINATION, type ItemParams } from './model.js';
import { normal, seededRandom } from './random.js';

/**
 * Simulated answers: 40 items of known difficulty spread over A1–C2, some guessable, answered in
 * full by learners drawn from a normal population (B1, spread 1.2 levels) under the scoring's
 * own model. The calibration starts from the writers' guesses: every item at the middle of its
 * level, as the bank has them before any answers.
 */
function simulated(learners: number, seed = 7) {
  const random = seededRandom(seed);
  const truth: ItemParams[] = Array.from({ length: 40 }, (_, i) => ({
    a: SCORING_DISCRIMINATION,
    b: -2.6 + (i * 5.6) / 39,
    c: i % 4 === 0 ? 0.25 : i % 4 === 1 ? 0.5 : 0,
  }));
  const items: CalibrationItem[] = truth.map((t, i) => ({
    id: `q${i}`,
    // The writer's level: the middle of the level the item falls in.
    params: { ...t, b: Math.round(t.b + 0.5) - 0.5 },
  }));
  const answers: LearnerAnswers[] = Array.from({ length: learners }, () => {
    const theta = 0.2 + 1.2 * normal(random);
    return { answers: truth.map((t, i) => ({ id: `q${i}`, correct: random() < pCorrect(theta, t) })) };
  });
  return { truth, items, answers };
}

/**
 * The 2PL bank: 40 items whose true discriminations run from 0.8 to 3 per level (in an order
 * unrelated to their difficulties, −2.6 to +2.6), with guessing floors of their forms (none,
 * 1/4, 1/2, 1/12), and whose writers' difficulties are off by up to 0.3 level (a normal error
 * clipped there). Two more items: `off`, whose writer put it a whole level too low, and
 * `leaked`, which becomes 0.8 level easier for the second half of the learners in time (a
 * question passed around). Learners answer every item, one after the other in time (`at`).
 */
const TRUE_FLOORS = [0, 0.25, 0.5, 1 / 12];
function simulated2pl(learners: number, seed = 21) {
  const random = seededRandom(seed);
  const truth: (ItemParams & { id: string; writer: number })[] = Array.from({ length: 40 }, (_, i) => {
    const b = -2.6 + (i * 5.2) / 39;
    const error = Math.max(-0.25, Math.min(0.25, 0.2 * normal(random)));
    return {
      id: `q${i}`,
      a: 0.8 + (((i * 17) % 40) / 39) * 2.2,
      b,
      c: TRUE_FLOORS[i % 4]!,
      writer: b + error,
    };
  });
  truth.push({ id: 'off', a: 2, b: 0.9, c: 0.25, writer: -0.1 });
  truth.push({ id: 'leaked', a: 2, b: 0.4, c: 0, writer: 0.5 });
  const items: CalibrationItem[] = truth.map((t) => ({
    id: t.id,
    params: { a: SCORING_DISCRIMINATION, b: t.writer, c: t.c },
  }));
  const answers: LearnerAnswers[] = Array.from({ length: learners }, (_, n) => {
    const theta = 0.2 + 1.2 * normal(random);
    const later = n >= learners / 2;
    return {
      answers: truth.map((t) => {
        const b = t.id === 'leaked' && later ? t.b - 0.8 : t.b;
        return { id: t.id, correct: random() < pCorrect(theta, { ...t, b }), at: n };
      }),
    };
  });
  return { truth, items, answers };
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const median = (values: readonly number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
function correlation(x: readonly number[], y: readonly number[]) {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xi, i) => {
    sxy += (xi - mx) * (y[i]! - my);
    sxx += (xi - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * The estimates on the truth's scale. The calibration's scale is anchored (calibrate.ts): the
 * mean difficulty where the writers put it, the mean log-discrimination at the scoring's. The
 * truth need not share those anchors, so the comparison puts the estimates on the truth's unit
 * (its mean log-discrimination) and place (its mean difficulty) first, as any linking would.
 */
function linked(result: CalibrationResult, truth: readonly ItemParams[], ids: readonly string[]) {
  const rows = ids.map((id) => result.items.find((r) => r.id === id)!);
  const truths = ids.map((_, k) => truth[k]!);
  const unit = Math.exp(
    mean(rows.map((r) => Math.log(r.discrimination))) - mean(truths.map((t) => Math.log(t.a))),
  );
  const place = mean(truths.map((t) => t.b)) - mean(rows.map((r) => r.difficulty * unit));
  return rows.map((r, k) => ({
    id: r.id,
    difficultyError: r.difficulty * unit + place - truths[k]!.b,
    se: r.se.difficulty! * unit,
    discrimination: r.discrimination / unit,
    trueDiscrimination: truths[k]!.a,
  }));
}

// One 2PL calibration of 1,500 learners, shared by the tests that read it (about a second).
let shared: { data: ReturnType<typeof simulated2pl>; result: CalibrationResult } | undefined;
function sharedCalibration() {
  if (!shared) {
    const data = simulated2pl(1500);
    shared = { data, result: calibrate(data.items, data.answers) };
  }
  return shared;
}

describe('calibration by marginal maximum likelihood (EM over a grid)', () => {
  it('recovers known difficulties within 0.45 level each and 0.15 on average, from 1,000 learners', () => {
    const { truth, items, answers } = simulated(1000);
    const result = calibrate(items, answers);
    expect(result.converged).toBe(true);
    // The scale's anchor is the writers' mean: compare after taking the same mean off both.
    const shift =
      truth.reduce((s, t) => s + t.b, 0) / truth.length -
      result.items.reduce((s, r) => s + r.difficulty, 0) / result.items.length;
    const errors = result.items.map((r, i) => Math.abs(r.difficulty + shift - truth[i]!.b));
    expect(Math.max(...errors)).toBeLessThan(0.45);
    expect(errors.reduce((s, e) => s + e, 0) / errors.length).toBeLessThan(0.15);
    // Better than the writers' guesses it started from.
    const before = items.map((item, i) => Math.abs(item.params.b - truth[i]!.b));
    expect(errors.reduce((s, e) => s + e, 0)).toBeLessThan(before.reduce((s, e) => s + e, 0));
    expect(result.population.sd).toBeGreaterThan(1);
    expect(result.population.sd).toBeLessThan(1.4);
    // Every item discriminates alike: the 2PL finds them alike (their unit is the writers' levels,
    // which here run a little wider than the truth at the ends, so not necessarily at 2).
    const logs = result.items.map((r) => Math.log(r.discrimination));
    expect(Math.sqrt(mean(logs.map((l) => (l - mean(logs)) ** 2)))).toBeLessThan(0.15);
  });

  it('recovers difficulties and discriminations of 0.8–3 per level from 1,500 learners, with honest standard errors', () => {
    const { data, result } = sharedCalibration();
    expect(result.converged).toBe(true);
    // The regular items (not `off`, whose writer's level is no guide, nor `leaked`).
    const regular = data.truth.slice(0, 40);
    const rows = linked(
      result,
      regular,
      regular.map((t) => t.id),
    );
    const errors = rows.map((r) => Math.abs(r.difficultyError));
    // Each within 0.45 level (the worst: a weak item at the population's edge), 0.1 on average.
    expect(Math.max(...errors)).toBeLessThan(0.45);
    expect(mean(errors)).toBeLessThan(0.1);
    // Better than the writers' guesses, off by up to 0.3 level.
    expect(mean(errors)).toBeLessThan(mean(regular.map((t) => Math.abs(t.writer - t.b))));
    // Discriminations: in order (correlation) and in size (mean relative error under 15 %).
    expect(
      correlation(
        rows.map((r) => r.discrimination),
        rows.map((r) => r.trueDiscrimination),
      ),
    ).toBeGreaterThan(0.85);
    expect(
      mean(rows.map((r) => Math.abs(r.discrimination - r.trueDiscrimination) / r.trueDiscrimination)),
    ).toBeLessThan(0.15);
    // Standard errors that mean what they say: about 95 % of errors within two of them.
    const within = rows.filter((r) => Math.abs(r.difficultyError) <= 2 * r.se).length;
    expect(within).toBeGreaterThanOrEqual(36);
    // No regular item flagged: they all follow the model.
    expect(result.items.filter((r) => r.misfit && r.id.startsWith('q'))).toEqual([]);
  });

  it('flags as drift an item whose true difficulty is a whole level off its writer’s level', () => {
    const { data, result } = sharedCalibration();
    const off = result.items.find((r) => r.id === 'off')!;
    expect(off.drift!.flagged).toBe(true);
    expect(off.drift!.shift).toBeGreaterThan(0.7);
    expect(off.drift!.shift).toBeLessThan(1.3);
    // No regular item (writer off by 0.3 level at most) is.
    expect(result.items.filter((r) => r.id.startsWith('q') && r.drift!.flagged)).toEqual([]);
    expect(data.truth.find((t) => t.id === 'off')!.b - data.truth.find((t) => t.id === 'off')!.writer).toBe(
      1,
    );
  });

  it('detects drift over time: an item 0.8 level easier in the second half of its answers', () => {
    const { result } = sharedCalibration();
    const leaked = result.items.find((r) => r.id === 'leaked')!.timeDrift!;
    expect(leaked.flagged).toBe(true);
    expect(leaked.shift).toBeGreaterThan(-1.1);
    expect(leaked.shift).toBeLessThan(-0.5);
    expect(leaked.se).toBeGreaterThan(0);
    const flagged = result.items.filter((r) => r.timeDrift?.flagged).map((r) => r.id);
    expect(flagged).toEqual(['leaked']);
    // Checked on every item: all answers have times and each half has enough of them.
    expect(result.items.every((r) => r.timeDrift !== null)).toBe(true);
  });

  it('says how many answers a difficulty needs, a need that the answers meet as they grow', () => {
    const { data, result: all } = sharedCalibration();
    const few = calibrate(data.items, data.answers.slice(0, 150));
    const some = calibrate(data.items, data.answers.slice(0, 400));
    const regular = (r: CalibrationResult) => r.items.filter((i) => i.id.startsWith('q'));
    const a = regular(few);
    const b = regular(some);
    const c = regular(all);
    // Standard errors fall (from 150 to 1,500 learners item by item; in between, where an item's
    // error also follows its estimated discrimination, on the median), and the answers still
    // missing shrink, on the median too (a weak item's need, estimated from a few answers that
    // tell little, can move by a factor of two).
    a.forEach((item, k) => expect(c[k]!.se.difficulty!).toBeLessThan(item.se.difficulty!));
    const medianSe = (rows: typeof a) => median(rows.map((r) => r.se.difficulty!));
    expect(medianSe(b)).toBeLessThan(medianSe(a));
    expect(medianSe(c)).toBeLessThan(medianSe(b));
    const missing = (rows: typeof a) => median(rows.map((r) => Math.max(0, r.answersNeeded! - r.answers)));
    expect(missing(b)).toBeLessThan(missing(a));
    expect(missing(c)).toBeLessThan(missing(b));
    // The need itself is a property of the item, not of how many answers estimated it: the
    // median need from 150 learners is within a third of the one from 1,500.
    const medianNeed = (rows: typeof a) => median(rows.map((r) => r.answersNeeded!));
    expect(medianNeed(a) / medianNeed(c)).toBeGreaterThan(0.67);
    expect(medianNeed(a) / medianNeed(c)).toBeLessThan(1.5);
    // With 150 learners most items are short of their need; with 1,500 most are not, and an item
    // that meets its need has the standard error promised.
    const met = (rows: typeof a) => rows.filter((r) => r.answers >= r.answersNeeded!).length;
    expect(met(a)).toBeLessThan(10);
    expect(met(b)).toBeGreaterThan(met(a));
    expect(met(c)).toBeGreaterThan(met(b));
    expect(met(c)).toBeGreaterThanOrEqual(20);
    for (const r of c)
      if (r.answers >= r.answersNeeded!)
        expect(r.se.difficulty!).toBeLessThanOrEqual(CALIBRATION_DEFAULTS.targetSe);
    // The bank rule: every question with 200 answers.
    expect(few.readiness).toMatchObject({ required: 200, enough: 0, ready: false });
    expect(some.readiness).toMatchObject({ enough: 42, questions: 42, ready: true });
  });

  it('reports a misfitting item: one whose answers do not follow ability', () => {
    const { items, answers } = simulated(600, 9);
    const random = seededRandom(3);
    // Item q20 answered at random: a badly keyed or ambiguous question.
    for (const learner of answers)
      (learner.answers as { id: string; correct: boolean }[])[20]!.correct = random() < 0.5;
    // Rasch: the common discrimination cannot flatten for it, so its outfit shows the misfit.
    const rasch = calibrate(items, answers, { model: 'rasch' });
    const q20 = rasch.items.find((r) => r.id === 'q20')!;
    expect(q20.misfit).toBe(true);
    expect(q20.outfit!).toBeGreaterThan(1.3);
    expect(rasch.items.filter((r) => r.misfit).length).toBeLessThanOrEqual(3);
    expect(rasch.items.every((r) => r.discrimination === SCORING_DISCRIMINATION)).toBe(true);
    // 2PL: its discrimination falls to nothing, which flags it.
    const twoPl = calibrate(items, answers);
    const weak = twoPl.items.find((r) => r.id === 'q20')!;
    expect(weak.misfitReasons).toContain('weak');
    expect(weak.discrimination).toBeLessThan(0.5);
    expect(twoPl.items.filter((r) => r.misfit).map((r) => r.id)).toEqual(['q20']);
  });

  it('keeps one unit one writer’s level when the questions discriminate less than the scoring assumed', () => {
    // 30 items that all discriminate 1.1 per level, well under the scoring's common value, their
    // true difficulties scattered 0.2 level around their writers' levels, A1 to C2.
    const random = seededRandom(5);
    const writers = Array.from({ length: 30 }, (_, i) => -2 + (i % 6));
    const truth: ItemParams[] = writers.map((w, i) => ({
      a: 1.1,
      b: w + 0.2 * normal(random),
      c: i % 2 ? 0.25 : 0,
    }));
    const items = truth.map((t, i) => ({
      id: `u${i}`,
      params: { a: SCORING_DISCRIMINATION, b: writers[i]!, c: t.c },
    }));
    const answers = Array.from({ length: 800 }, () => {
      const theta = 1.2 * normal(random);
      return { answers: truth.map((t, i) => ({ id: `u${i}`, correct: random() < pCorrect(theta, t) })) };
    });
    const result = calibrate(items, answers);
    // The discriminations come out near 1.1, not at the common value the scoring assumed, and the
    // learners' spread near its true 1.2 levels (anchoring the mean discrimination at the common
    // value would squeeze the scale, and the spread with it, by 1.1 / 1.7).
    const geometric = Math.exp(mean(result.items.map((r) => Math.log(r.discrimination))));
    expect(geometric).toBeGreaterThan(0.95);
    expect(geometric).toBeLessThan(1.3);
    expect(result.population.sd).toBeGreaterThan(1.1);
    expect(result.population.sd).toBeLessThan(1.3);
    // Items all written for one level give no slope: the mean log-discrimination keeps the unit.
    const oneLevel = calibrate(
      items.map((item) => ({ ...item, params: { ...item.params, b: 0 } })),
      answers,
    );
    const kept = Math.exp(mean(oneLevel.items.map((r) => Math.log(r.discrimination))));
    expect(kept).toBeCloseTo(SCORING_DISCRIMINATION, 2);
  });

  it('holds the discrimination of an item with few answers near the common value, not one with many', () => {
    const { data } = sharedCalibration();
    const learners = data.answers.slice(0, 400);
    // The regular item that discriminates least (0.8 per level), answered by 40 learners only.
    const weakest = data.truth.slice(0, 40).reduce((x, y) => (y.a < x.a ? y : x)).id;
    const fewAnswers = learners.map((l, n) => ({
      answers: n < 40 ? l.answers : l.answers.filter((a) => a.id !== weakest),
    }));
    const flat = { discriminationPrior: { median: SCORING_DISCRIMINATION, logSd: 100 } };
    const distance = (r: CalibrationResult) =>
      Math.abs(Math.log(r.items.find((i) => i.id === weakest)!.discrimination / SCORING_DISCRIMINATION));
    expect(distance(calibrate(data.items, fewAnswers))).toBeLessThan(
      distance(calibrate(data.items, fewAnswers, flat)) - 0.1,
    );
    // With 400 answers the prior hardly matters any more.
    expect(distance(calibrate(data.items, learners))).toBeGreaterThan(
      distance(calibrate(data.items, learners, flat)) - 0.1,
    );
  });

  it('leaves an item with too few answers where it was', () => {
    const { items, answers } = simulated(200, 11);
    const few = answers.map((l, n) => ({
      answers: n < 10 ? l.answers : l.answers.filter((a) => a.id !== 'q5'),
    }));
    const result = calibrate(items, few);
    const q5 = result.items.find((r) => r.id === 'q5')!;
    expect(q5.calibrated).toBe(false);
    expect(q5.difficulty).toBe(items[5]!.params.b);
    expect(q5.discrimination).toBe(items[5]!.params.a);
    expect(q5.drift).toBeNull();
    expect(q5.misfit).toBe(false);
  });
});

describe('the calibration’s rules', () => {
  it('calls drift a shift beyond half a level and beyond two standard errors', () => {
    expect(isDrift(0.6, 0.2)).toBe(true);
    expect(isDrift(-0.6, 0.2)).toBe(true);
    expect(isDrift(0.45, 0.1)).toBe(false); // precise, but too small to change a placement
    expect(isDrift(0.9, 0.5)).toBe(false); // large, but within the chance of few answers
  });

  it('works out the answers needed from the information per answer', () => {
    // Rasch: 100 answers giving an information of 25 (0.25 each) need 1 / (0.25 × 0.15²) ≈ 178.
    expect(answersNeeded([25, 0, 0], 100, { ...CALIBRATION_DEFAULTS, model: 'rasch' })).toBe(178);
    // 2PL without correlation between b and log a: the same, the prior on a notwithstanding.
    expect(answersNeeded([25, 0, 40], 100)).toBe(178);
    // Correlated estimates need more.
    expect(answersNeeded([25, 20, 40], 100)!).toBeGreaterThan(178);
    expect(answersNeeded([0, 0, 0], 100)).toBeNull();
  });
});

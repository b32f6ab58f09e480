import { describe, expect, it } from 'vitest';
import { calibrate, type CalibrationItem, type LearnerAnswers } from './calibrate.js';
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
  });

  it('reports a misfitting item: one whose answers do not follow ability', () => {
    const { items, answers } = simulated(600, 9);
    const random = seededRandom(3);
    // Item q20 answered at random: a badly keyed or ambiguous question.
    for (const learner of answers)
      (learner.answers as { id: string; correct: boolean }[])[20]!.correct = random() < 0.5;
    const result = calibrate(items, answers);
    const q20 = result.items.find((r) => r.id === 'q20')!;
    expect(q20.misfit).toBe(true);
    expect(q20.outfit!).toBeGreaterThan(1.3);
    const flagged = result.items.filter((r) => r.misfit).map((r) => r.id);
    expect(flagged.length).toBeLessThanOrEqual(3);
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
  });
});

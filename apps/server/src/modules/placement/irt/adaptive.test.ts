import { beforeAll, describe, expect, it } from 'vitest';
import { placementContentDir } from '../../../demo/content-paths.js';
import { readBank } from '../bank-loader.js';
import { poolFromBank } from '../adaptive-pool.js';
import {
  longKnowledge,
  nextItem,
  PART_PLAN,
  partMax,
  PARTS,
  plannedTotal,
  testState,
  type AdaptiveItem,
  type Answered,
} from './adaptive.js';
import { pCorrect } from './model.js';
import { seededRandom } from './random.js';
import { scoreAnswers } from './score.js';

let pool: AdaptiveItem[];
beforeAll(async () => {
  pool = poolFromBank(await readBank(placementContentDir));
});

/** A learner of ability θ taking the whole test; every step's next item and planned total kept. */
function take(theta: number, seed: string, random = seededRandom(11)) {
  const answers: Answered[] = [];
  const asked: AdaptiveItem[] = [];
  const totals: number[] = [plannedTotal(pool, answers)];
  for (let item = nextItem(pool, answers, seed); item; item = nextItem(pool, answers, seed)) {
    asked.push(item);
    answers.push({ id: item.id, correct: random() < pCorrect(theta, item.params) });
    totals.push(plannedTotal(pool, answers));
  }
  return { answers, asked, totals };
}

describe('the adaptive order (issue 17)', () => {
  it('is a function of the answers and the seed: the same answers ask the same next question', () => {
    const { answers } = take(0.4, 'test-1');
    for (const n of [0, 5, 20, 40])
      expect(nextItem(pool, answers.slice(0, n), 'test-1')?.id).toBe(answers[n]?.id);
  });

  it('draws among the most informative questions, so that learners do not all get the same ones', () => {
    const firsts = new Set(Array.from({ length: 40 }, (_, i) => nextItem(pool, [], `seed-${i}`)!.id));
    expect(firsts.size).toBeGreaterThan(1);
    const a = take(0.4, 'one').asked.map((i) => i.id);
    const b = take(0.4, 'two').asked.map((i) => i.id);
    expect(a).not.toEqual(b);
  });

  it('keeps the parts in order, each within its plan, and never comes back to a passage or clip', () => {
    for (const theta of [-2.5, -0.3, 0.3, 2.5]) {
      const { asked } = take(theta, `order-${theta}`);
      const ranks = asked.map((i) => PARTS.indexOf(i.part));
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      for (const part of PARTS) {
        const count = asked.filter((i) => i.part === part).length;
        expect(count).toBeGreaterThanOrEqual(
          Math.min(PART_PLAN[part].min, pool.filter((i) => i.part === part).length),
        );
        expect(count).toBeLessThanOrEqual(PART_PLAN[part].max);
        // Far from the group split, the side is soon sure: no part goes beyond its usual maximum.
        if (Math.abs(theta) > 2) expect(count).toBeLessThanOrEqual(PART_PLAN[part].decidedMax);
      }
      const runs = asked.map((i) => i.stimulus).filter((s, i, all) => s !== null && s !== all[i - 1]);
      expect(new Set(runs).size).toBe(runs.length);
    }
  });

  it('asks the questions that fit: a strong learner gets harder questions than a weak one', () => {
    const mean = (items: AdaptiveItem[]) => items.reduce((s, i) => s + i.params.b, 0) / items.length;
    const kn = (theta: number) =>
      take(theta, 'fit')
        .asked.filter((i) => i.part === 'KN')
        .slice(5);
    expect(mean(kn(2.5)) - mean(kn(-2.5))).toBeGreaterThan(2);
  });

  it('balances the forms of the knowledge questions away from the group split: each comes up', () => {
    const { asked } = take(1.5, 'forms');
    const formats = new Set(asked.filter((i) => i.part === 'KN').map((i) => i.format));
    expect(formats).toEqual(new Set(pool.filter((i) => i.part === 'KN').map((i) => i.format)));
  });

  it('asks a learner at the split the forms that measure best there: mostly blanks and order', () => {
    const { asked } = take(0.2, 'forms-at-split');
    const kn = asked.filter((i) => i.part === 'KN');
    expect(kn.filter((i) => i.format === 'tof')).toEqual([]);
    // Blanks and order: a guessing floor of a twelfth or less (multiple choice: a quarter).
    expect(kn.filter((i) => i.params.c <= 1 / 12).length).toBeGreaterThan(kn.length * 0.7);
  });

  it('counts down the most questions the test can have, never up, ending at the questions asked', () => {
    const { asked, totals } = take(1, 'totals');
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeLessThanOrEqual(totals[i - 1]!);
    expect(totals.at(-1)).toBe(asked.length);
    expect(testState(pool, take(1, 'totals').answers).current).toBeNull();
  });

  it('stops a part early once its estimate is precise enough', () => {
    // Answers that agree perfectly with a B2.5/C1 learner (right below 1.5, wrong above): the
    // knowledge part needs fewer than its maximum.
    const answers: Answered[] = [];
    for (let item = nextItem(pool, answers, 'early'); item; item = nextItem(pool, answers, 'early'))
      answers.push({ id: item.id, correct: item.params.b < 1.5 });
    const state = testState(pool, answers);
    const kn = state.parts.find((p) => p.part === 'KN')!;
    expect(kn.answered).toBeLessThan(PART_PLAN.KN.max);
    expect(kn.estimate.se).toBeLessThanOrEqual(PART_PLAN.KN.targetSe);
  });

  it("keeps a learner at the group split to every part's maximum, on questions of the split's level", () => {
    // Right below B1.5, wrong above it, and every other B1 question right: the estimate stays at
    // the split, whose side stays in doubt to the end.
    const answers: Answered[] = [];
    let b1 = 0;
    for (let item = nextItem(pool, answers, 'split'); item; item = nextItem(pool, answers, 'split'))
      answers.push({ id: item.id, correct: item.params.b === 0 ? b1++ % 2 === 0 : item.params.b < 0 });
    const state = testState(pool, answers);
    expect(Math.abs(state.overall.theta)).toBeLessThan(2 * state.overall.se);
    const kn = state.parts.find((p) => p.part === 'KN')!;
    expect(kn.answered).toBe(PART_PLAN.KN.max);
    expect(kn.estimate.se).toBeLessThan(PART_PLAN.KN.targetSe);
    expect(answers.length).toBeGreaterThan(PARTS.reduce((sum, part) => sum + PART_PLAN[part].decidedMax, 0));
    // The knowledge part's questions are mostly B1 (difficulty at the split).
    const asked = answers.map((a) => pool.find((i) => i.id === a.id)!).filter((i) => i.part === 'KN');
    expect(asked.filter((i) => i.params.b === 0).length).toBeGreaterThan(asked.length / 2);
    // Its minutes came from reading and listening (fifth increment): 12 questions each.
    for (const part of ['RC', 'OC'] as const)
      expect(state.parts.find((p) => p.part === part)!.answered).toBe(PART_PLAN[part].afterLongKnowledge);
  });

  it('takes the minutes of a long knowledge part from reading and listening, and only then', () => {
    // The rule: past the knowledge part's usual maximum, reading and listening stop at 12.
    expect(longKnowledge(PART_PLAN.KN.decidedMax)).toBe(false);
    expect(longKnowledge(PART_PLAN.KN.decidedMax + 1)).toBe(true);
    expect(partMax('KN', 60)).toBe(PART_PLAN.KN.max);
    expect(partMax('RC', PART_PLAN.KN.decidedMax)).toBe(PART_PLAN.RC.max);
    expect(partMax('RC', PART_PLAN.KN.decidedMax + 1)).toBe(12);
    expect(partMax('OC', PART_PLAN.KN.decidedMax)).toBe(PART_PLAN.OC.max);
    expect(partMax('OC', PART_PLAN.KN.max)).toBe(12);
    // The plan's longest test is the long knowledge part's: 68 + 12 + 12, not 68 + 22 + 20.
    expect(plannedTotal(pool, [])).toBe(PART_PLAN.KN.max + 12 + 12);
    // Learners near the split (B1.2, B1.8): a long knowledge part, then short reading and
    // listening; the counter still only goes down.
    for (const theta of [-0.3, 0.3]) {
      const { asked, totals } = take(theta, `long-${theta}`);
      const count = (part: string) => asked.filter((i) => i.part === part).length;
      if (longKnowledge(count('KN'))) {
        expect(count('RC')).toBeLessThanOrEqual(12);
        expect(count('OC')).toBeLessThanOrEqual(12);
      }
      expect(asked.length).toBeLessThanOrEqual(PART_PLAN.KN.max + 12 + 12);
      for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeLessThanOrEqual(totals[i - 1]!);
      expect(totals.at(-1)).toBe(asked.length);
    }
    // Far from the split the knowledge part stops by its usual maximum, and reading and
    // listening keep theirs.
    const { asked } = take(-2.5, 'short');
    expect(asked.filter((i) => i.part === 'KN').length).toBeLessThanOrEqual(PART_PLAN.KN.decidedMax);
  });

  it('scores all right 10 (C2.9) and all wrong 0 (A0.0), and places a mid answer pattern between', () => {
    const all = (correct: boolean) => {
      const answers: Answered[] = [];
      for (let item = nextItem(pool, answers, 's'); item; item = nextItem(pool, answers, 's'))
        answers.push({ id: item.id, correct });
      return scoreAnswers(pool, answers);
    };
    expect(all(true)).toMatchObject({ scoreKN: 10, scoreRC: 10, scoreOC: 10, total: 10 });
    const wrong = all(false);
    expect(wrong.total).toBe(0);
    // A part alone has fewer answers: its estimate stays a little above the bottom, still A0.
    for (const part of [wrong.scoreKN, wrong.scoreRC, wrong.scoreOC]) expect(part).toBeLessThan(0.5);
    const mid = scoreAnswers(pool, take(0.5, 'mid').answers);
    expect(mid.total).toBeGreaterThan(5);
    expect(mid.total).toBeLessThan(8.5);
  });
});

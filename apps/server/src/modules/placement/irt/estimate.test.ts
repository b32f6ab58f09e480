import { describe, expect, it } from 'vitest';
import { estimateAbility } from './estimate.js';
import { information, pCorrect, type ItemParams } from './model.js';
import { seededRandom } from './random.js';

const item = (b: number, c = 0): ItemParams => ({ a: 2, b, c });
/** A spread of items from A1 to C2, as a test would have. */
const spread = Array.from({ length: 40 }, (_, i) => item(-2.5 + (i % 12) * 0.5, i % 3 === 0 ? 0.25 : 0));

describe('ability estimation (posterior mean with a weak prior)', () => {
  it('recovers a known ability within two standard errors, at every level', () => {
    const random = seededRandom(3);
    for (const theta of [-2, -1, 0, 1, 2, 3]) {
      const responses = spread.map((i) => ({ item: i, correct: random() < pCorrect(theta, i) }));
      const estimate = estimateAbility(responses);
      expect(Math.abs(estimate.theta - theta)).toBeLessThan(2 * estimate.se);
      expect(estimate.se).toBeLessThan(0.5);
    }
  });

  it('narrows as answers come in', () => {
    const few = estimateAbility(spread.slice(0, 5).map((i) => ({ item: i, correct: i.b < 0 })));
    const many = estimateAbility(spread.map((i) => ({ item: i, correct: i.b < 0 })));
    expect(many.se).toBeLessThan(few.se);
    expect(estimateAbility([]).se).toBeCloseTo(2, 1);
  });

  it('gives a finite estimate to all right and all wrong, far above and far below', () => {
    expect(estimateAbility(spread.map((i) => ({ item: i, correct: true }))).theta).toBeGreaterThan(3.5);
    expect(estimateAbility(spread.map((i) => ({ item: i, correct: false }))).theta).toBeLessThan(-3.5);
  });

  it('treats a right answer to a guessable item as weaker evidence than to an unguessable one', () => {
    const guessable = estimateAbility([{ item: item(1, 0.5), correct: true }]);
    const unguessable = estimateAbility([{ item: item(1, 0), correct: true }]);
    expect(unguessable.theta).toBeGreaterThan(guessable.theta);
    expect(information(1, item(1, 0))).toBeGreaterThan(information(1, item(1, 0.25)));
  });
});

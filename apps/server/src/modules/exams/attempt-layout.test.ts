import { describe, expect, it } from 'vitest';
import { buildLayout, shuffled, toPoolIndexes, type LayoutQuestion } from './attempt-layout.js';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `o${i}` }));
const q = (id: string, type: string, n: number, correct: number[]): LayoutQuestion => ({
  id,
  type,
  answers: options(n),
  correct,
});
/** A seeded generator, so each case is repeatable. */
const seeded = (seed: number) => (n: number) => (seed = (seed * 48271) % 2147483647) % n;

describe('attempt layout (issue 12)', () => {
  const pool = [
    q('mcq', 'mcq', 4, [2]),
    q('tof', 'tof', 2, [1]),
    q('fill', 'fillblank', 5, [0, 3]),
    q('dnd', 'd&d', 3, [2, 0, 1]),
  ];

  it('keeps every question once and every option once', () => {
    const layout = buildLayout(pool, { shuffle: true, drawCount: null }, seeded(3));
    expect(layout.map((s) => s.question).sort()).toEqual(['dnd', 'fill', 'mcq', 'tof']);
    for (const slot of layout) {
      const n = pool.find((p) => p.id === slot.question)!.answers.length;
      expect([...slot.options].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });

  it('keeps True before False, and never shows a drag and drop already in order', () => {
    for (let seed = 1; seed < 200; seed += 1) {
      const layout = buildLayout(pool, { shuffle: true, drawCount: null }, seeded(seed));
      expect(layout.find((s) => s.question === 'tof')!.options).toEqual([0, 1]);
      expect(layout.find((s) => s.question === 'dnd')!.options).not.toEqual([2, 0, 1]);
    }
    // Even unshuffled, when the pool writes the pieces in the right order.
    const inOrder = [q('dnd', 'd&d', 3, [0, 1, 2])];
    expect(buildLayout(inOrder, { shuffle: false, drawCount: null }, seeded(1))[0]!.options).not.toEqual([
      0, 1, 2,
    ]);
  });

  it('draws the number of questions asked, in pool order when not shuffled', () => {
    const layout = buildLayout(pool, { shuffle: false, drawCount: 2 }, seeded(5));
    expect(layout).toHaveLength(2);
    const positions = layout.map((s) => pool.findIndex((p) => p.id === s.question));
    expect(positions).toEqual([...positions].sort());
    expect(layout.find((s) => s.question === 'mcq')?.options ?? [0, 1, 2, 3]).toEqual([0, 1, 2, 3]);
  });

  it("maps the learner's picks back to the pool question's options", () => {
    const slot = { question: 'mcq', options: [3, 0, 2, 1] };
    expect(toPoolIndexes(slot, [2])).toEqual([2]);
    expect(toPoolIndexes(slot, [0, 3])).toEqual([3, 1]);
    expect(toPoolIndexes(slot, [4])).toBeNull();
  });

  it('shuffles without losing or doubling an item', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const out = shuffled(items, seeded(11));
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
  });
});

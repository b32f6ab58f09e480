import { describe, expect, it } from 'vitest';
import { keyInDisplayOrder } from '../questions/index.js';
import { displayOrder, toBankIndexes, toShownIndexes } from './option-order.js';

const words = ['is', 'are', 'am', 'be', 'was', 'were'].map((text) => ({ text }));
const blank = {
  id: 'q-blank',
  type: 'fillblank' as const,
  name: 'I ___ tired and he ___ ill.',
  answers: words,
  correct: [0, 1],
};
const order = {
  id: 'q-order',
  type: 'd&d' as const,
  name: 'Put in order.',
  answers: words.slice(0, 3),
  correct: [0, 1, 2],
};
const mcq = { id: 'q-mcq', type: 'mcq' as const, name: 'Pick.', answers: words.slice(0, 4), correct: [1] };
const tof = {
  id: 'q-tof',
  type: 'tof' as const,
  name: 'True?',
  answers: [{ text: 'True' }, { text: 'False' }],
  correct: [1],
};
const tests = Array.from({ length: 400 }, (_, i) => `test-${i}`);

describe('the order a placement test shows options in (issue 33)', () => {
  it('is the same for a test and question every time, and differs between tests', () => {
    expect(displayOrder('t1', mcq)).toEqual(displayOrder('t1', mcq));
    const orders = new Set(tests.map((t) => displayOrder(t, mcq).join()));
    // 24 orders of four options: each test draws its own.
    expect(orders.size).toBe(24);
    // The key lands at each place about as often as any other.
    const at = [0, 1, 2, 3].map((p) => tests.filter((t) => displayOrder(t, mcq)[p] === 1).length);
    for (const n of at) expect(n).toBeGreaterThan(60);
  });

  it('keeps True before False', () => {
    for (const t of tests.slice(0, 20)) expect(displayOrder(t, tof)).toEqual([0, 1]);
  });

  it('never shows a blank or an order with its key as the first options in order', () => {
    for (const t of tests) {
      expect(keyInDisplayOrder(blank, displayOrder(t, blank)), t).toBe(false);
      expect(keyInDisplayOrder(order, displayOrder(t, order)), t).toBe(false);
    }
    // Nor when another key is accepted too.
    const two = { ...order, alsoCorrect: [[2, 0, 1]] };
    for (const t of tests) expect(keyInDisplayOrder(two, displayOrder(t, two)), t).toBe(false);
  });

  it('maps the learner’s picks to the bank’s options and back', () => {
    const shown = displayOrder('t2', blank);
    const key = toShownIndexes(shown, blank.correct);
    expect(toBankIndexes(shown, key)).toEqual(blank.correct);
    expect(toBankIndexes(shown, [6])).toBeNull();
  });
});

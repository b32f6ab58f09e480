import { describe, expect, it } from 'vitest';
import { guessingFloor, itemParams, SCORING_DISCRIMINATION } from './model.js';

describe('the guessing floor of a question, from its form', () => {
  it('is one option in n for multiple choice, one in two for true or false', () => {
    expect(guessingFloor('mcq', 4)).toBe(0.25);
    expect(guessingFloor('tof', 2)).toBe(0.5);
  });

  it('is one arrangement in n!/(n−k)! for blanks and chunks, times the keys accepted', () => {
    expect(guessingFloor('fillblank', 4, 2)).toBeCloseTo(1 / 12);
    expect(guessingFloor('fillblank', 5, 2)).toBeCloseTo(1 / 20);
    expect(guessingFloor('fillblank', 5, 2, 2)).toBeCloseTo(1 / 10);
    expect(guessingFloor('d&d', 4, 4)).toBeCloseTo(1 / 24);
    expect(guessingFloor('d&d', 4, 4, 2)).toBeCloseTo(1 / 12);
  });

  it('is 0 for a form it cannot count (a key longer than the bank, an unknown form)', () => {
    expect(guessingFloor('fillblank', 1, 2)).toBe(0);
    expect(guessingFloor('essay', 0)).toBe(0);
  });

  it("goes into the scoring's parameters with the writer's difficulty until calibrated", () => {
    const params = itemParams({ level: 'B1', type: 'fillblank', optionCount: 4, keyLength: 2, keys: 1 });
    expect(params.c).toBeCloseTo(1 / 12);
    expect(params.a).toBe(SCORING_DISCRIMINATION);
    expect(itemParams({ level: 'B1', type: 'mcq', optionCount: 4, difficulty: 0.3 }).b).toBe(0.3);
  });
});

import { describe, expect, it } from 'vitest';
import { partScore, scorePlacement, type ScoredItem } from './placement-scoring.js';

const item = (
  level: ScoredItem['level'],
  correct: boolean | null,
  category: ScoredItem['category'] = 'KN',
): ScoredItem => ({
  category,
  level,
  correct,
});

describe('placement scoring (weighted by question level, 0–10)', () => {
  it('gives 10 for all right and 0 for all wrong or unanswered', () => {
    expect(partScore([item('A1', true), item('C2', true)])).toBe(10);
    expect(partScore([item('A1', false), item('C2', null)])).toBe(0);
    expect(partScore([])).toBe(0);
  });

  it('weights harder questions more: one C2 right outweighs one A1 right', () => {
    const hard = partScore([item('A1', false), item('C2', true)]);
    const easy = partScore([item('A1', true), item('C2', false)]);
    expect(hard).toBe(8.57); // 6 / 7 × 10
    expect(easy).toBe(1.43); // 1 / 7 × 10
  });

  it('averages the three parts for the total', () => {
    const scores = scorePlacement([
      item('B1', true, 'KN'),
      item('B1', false, 'RC'),
      item('B1', true, 'OC'),
      item('B1', true, 'OC'),
    ]);
    expect(scores).toEqual({ scoreKN: 10, scoreRC: 0, scoreOC: 10, total: 6.67 });
  });
});

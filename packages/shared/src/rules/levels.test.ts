import { describe, expect, it } from 'vitest';
import { groupLevelFromScore, levelFromScore } from './levels.js';

describe('SPEC §9 levels by score, at every boundary', () => {
  it.each([
    [0, 'A0.0'],
    [0.99, 'A0.9'],
    [1, 'A1.0'],
    [2.99, 'A1.9'],
    [3, 'A2.0'],
    [4.99, 'A2.9'],
    [5, 'B1.0'],
    [5.8, 'B1.4'],
    [6, 'B1.5'],
    [6.99, 'B1.9'],
    [7, 'B2.0'],
    [7.5, 'B2.5'],
    [7.99, 'B2.9'],
    [8, 'C1.0'],
    [8.99, 'C1.9'],
    [9, 'C2.0'],
    [9.5, 'C2.5'],
    [10, 'C2.9'],
  ])('%s → %s', (score, label) => {
    expect(levelFromScore(score).label).toBe(label);
  });

  it('clamps out-of-range and non-numbers, and ignores float noise', () => {
    expect(levelFromScore(-3).label).toBe('A0.0');
    expect(levelFromScore(12).label).toBe('C2.9');
    expect(levelFromScore(Number.NaN).label).toBe('A0.0');
    expect(levelFromScore(6.999999999).label).toBe('B2.0');
    expect(levelFromScore((0.1 + 0.2) * 10).label).toBe('A2.0');
  });
});

describe('SPEC §9 group level: 1 for A or under B1.5, otherwise 2', () => {
  it.each([
    [0, 1],
    [4.99, 1],
    [5, 1],
    [5.99, 1],
    [6, 2],
    [7, 2],
    [10, 2],
  ])('score %s → level %s', (score, level) => {
    expect(groupLevelFromScore(score)).toBe(level);
  });
});

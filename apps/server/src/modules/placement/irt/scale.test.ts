import { describe, expect, it } from 'vitest';
import { CEFR_BANDS, groupLevelFromScore, levelFromScore } from '@medenglish/shared';
import {
  levelIndexFromScore,
  scoreFromTheta,
  thetaFromLevelIndex,
  thetaFromScore,
  writerDifficultyIndex,
} from './scale.js';

const scoreAt = (levelIndex: number) => scoreFromTheta(thetaFromLevelIndex(levelIndex));

describe('the CEFR ability scale and the 0–10 score (SPEC §9 bands)', () => {
  it('puts each band edge of the ability scale on the band edge of the score', () => {
    // ℓ = 1 is A1.0, 2 A2.0, 3 B1.0, 4 B2.0, 5 C1.0, 6 C2.0, 7 the top of C2.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(scoreAt)).toEqual([0, 1, 3, 5, 7, 8, 9, 10]);
    expect([1, 2, 3, 4, 5, 6].map((i) => levelFromScore(scoreAt(i)).label)).toEqual([
      'A1.0',
      'A2.0',
      'B1.0',
      'B2.0',
      'C1.0',
      'C2.0',
    ]);
  });

  it('gives the level just under each boundary to an ability just under it', () => {
    expect([1, 2, 3, 4, 5, 6].map((i) => levelFromScore(scoreAt(i - 0.01)).label)).toEqual([
      'A0.9',
      'A1.9',
      'A2.9',
      'B1.9',
      'B2.9',
      'C1.9',
    ]);
  });

  it('makes the tenths of a band on the score the tenths of a level on the ability', () => {
    for (const [i, band] of CEFR_BANDS.map((b) => b.band).entries())
      for (let tenth = 0; tenth < 10; tenth++)
        expect(levelFromScore(scoreAt(i + (tenth + 0.5) / 10)).label).toBe(`${band}.${tenth}`);
  });

  it('splits the groups at B1.5, θ = 0 (SPEC §9: group 1 under B1.5)', () => {
    expect(scoreFromTheta(0)).toBe(6);
    expect(groupLevelFromScore(scoreFromTheta(0))).toBe(2);
    expect(groupLevelFromScore(scoreFromTheta(-0.01))).toBe(1);
    expect(groupLevelFromScore(scoreFromTheta(-1.2))).toBe(1);
  });

  it('keeps abilities off the scale at 0 and 10, and inverts on it', () => {
    expect(scoreFromTheta(-9)).toBe(0);
    expect(scoreFromTheta(9)).toBe(10);
    for (const theta of [-3.5, -2.2, -1, 0, 0.37, 1.5, 2.9, 3.5])
      expect(thetaFromScore(scoreFromTheta(theta))).toBeCloseTo(theta, 1);
    expect(levelIndexFromScore(10)).toBe(7);
    expect(levelIndexFromScore(6)).toBe(3.5);
  });

  it("puts a writer's level at the middle of its band", () => {
    expect(writerDifficultyIndex('A1')).toBe(1.5);
    expect(levelFromScore(scoreAt(writerDifficultyIndex('B2'))).label).toBe('B2.5');
  });
});

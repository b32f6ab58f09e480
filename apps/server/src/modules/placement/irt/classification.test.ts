import { describe, expect, it } from 'vitest';
import { groupLevelFromScore } from '@medenglish/shared';
import {
  GROUP_SPLIT_THETA,
  SPLIT_AIM_RANGE,
  SPLIT_CONFIDENCE_Z,
  straddlesSplit,
  targetTheta,
} from './classification.js';
import { scoreFromTheta } from './scale.js';

describe('the group split on the ability scale (issue 17, SPEC §9)', () => {
  it('is where the score passes from group 1 to group 2 (B1.5, score 6.0)', () => {
    expect(scoreFromTheta(GROUP_SPLIT_THETA)).toBe(6);
    expect(groupLevelFromScore(scoreFromTheta(GROUP_SPLIT_THETA))).toBe(2);
    expect(groupLevelFromScore(scoreFromTheta(GROUP_SPLIT_THETA - 0.01))).toBe(1);
  });

  it('is in doubt while the estimate is within z standard errors of it, on either side', () => {
    // z = 3: still z = 2 if the questions discriminate a quarter less than the scoring assumes.
    expect(SPLIT_CONFIDENCE_Z).toBe(3);
    expect(straddlesSplit({ theta: 0.3, se: 0.14 })).toBe(true);
    expect(straddlesSplit({ theta: -0.3, se: 0.14 })).toBe(true);
    expect(straddlesSplit({ theta: 0.3, se: 0.09 })).toBe(false);
    expect(straddlesSplit({ theta: -0.3, se: 0.09 })).toBe(false);
    expect(straddlesSplit({ theta: 2, se: 0.5 })).toBe(false);
  });

  it('aims the next question at the split while in doubt and within a level of it, at the estimate otherwise', () => {
    expect(targetTheta({ theta: 0.25, se: 0.3 })).toBe(GROUP_SPLIT_THETA);
    expect(targetTheta({ theta: -0.8, se: 0.3 })).toBe(GROUP_SPLIT_THETA);
    // In doubt (3 × 0.6 > 1.5) but more than a level away: B1 questions would tell little.
    expect(straddlesSplit({ theta: -1.5, se: 0.6 })).toBe(true);
    expect(targetTheta({ theta: -1.5, se: 0.6 })).toBe(-1.5);
    expect(SPLIT_AIM_RANGE).toBe(1);
    expect(targetTheta({ theta: -1.2, se: 0.3 })).toBe(-1.2);
    expect(targetTheta({ theta: 1.4, se: 0.3 })).toBe(1.4);
  });
});

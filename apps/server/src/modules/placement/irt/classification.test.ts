import { describe, expect, it } from 'vitest';
import { groupLevelFromScore } from '@medenglish/shared';
import { GROUP_SPLIT_THETA, SPLIT_CONFIDENCE_Z, straddlesSplit, targetTheta } from './classification.js';
import { scoreFromTheta } from './scale.js';

describe('the group split on the ability scale (issue 17, SPEC §9)', () => {
  it('is where the score passes from group 1 to group 2 (B1.5, score 6.0)', () => {
    expect(scoreFromTheta(GROUP_SPLIT_THETA)).toBe(6);
    expect(groupLevelFromScore(scoreFromTheta(GROUP_SPLIT_THETA))).toBe(2);
    expect(groupLevelFromScore(scoreFromTheta(GROUP_SPLIT_THETA - 0.01))).toBe(1);
  });

  it('is in doubt while the estimate is within z standard errors of it, on either side', () => {
    expect(SPLIT_CONFIDENCE_Z).toBe(2);
    expect(straddlesSplit({ theta: 0.3, se: 0.2 })).toBe(true);
    expect(straddlesSplit({ theta: -0.3, se: 0.2 })).toBe(true);
    expect(straddlesSplit({ theta: 0.3, se: 0.14 })).toBe(false);
    expect(straddlesSplit({ theta: -0.3, se: 0.14 })).toBe(false);
    expect(straddlesSplit({ theta: 2, se: 0.5 })).toBe(false);
  });

  it('aims the next question at the split while in doubt, at the estimate otherwise', () => {
    expect(targetTheta({ theta: 0.25, se: 0.3 })).toBe(GROUP_SPLIT_THETA);
    expect(targetTheta({ theta: -1.2, se: 0.3 })).toBe(-1.2);
    expect(targetTheta({ theta: 1.4, se: 0.3 })).toBe(1.4);
  });
});

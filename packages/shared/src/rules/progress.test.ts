import { describe, expect, it } from 'vitest';
import {
  completionRate,
  goal,
  objective,
  successRate,
  timeProgress,
  unitSuccess,
  type UnitResult,
} from './progress.js';

describe('SPEC §9 time progress = minutes / elearningDuration × 100, 100 without duration, idle added, capped', () => {
  it.each([
    [300, 1200, 0, 25],
    [300, 1200, 60, 30],
    [1500, 1200, 0, 100],
    [0, 1200, 0, 0],
    [10, null, 0, 100],
    [10, 0, 0, 100],
  ])('%s min of %s with %s idle → %s %%', (minutes, duration, idle, expected) => {
    expect(timeProgress(minutes, duration, idle)).toBe(expected);
  });
});

describe('objective as a percent of the required duration', () => {
  it('is the target share of the duration, all of it by default', () => {
    expect(objective(1200, 80)).toEqual({ minutes: 960, percent: 80 });
    expect(objective(1200, null)).toEqual({ minutes: 1200, percent: 100 });
    expect(objective(null, 50)).toEqual({ minutes: 0, percent: 50 });
  });
});

const unit = (isFinalQuiz: boolean, isRise: boolean, result: UnitResult['result']): UnitResult => ({
  unit: { isFinalQuiz, isRise },
  result,
});

describe('SPEC §9 success rate: average over final-quiz and RISE units of scaled × 100, raw / max, or 100 when completed and passed', () => {
  it('reads each unit the way the spec orders it', () => {
    expect(unitSuccess({ score: { scaled: 0.8, raw: 1, max: 10 } })).toBe(80);
    expect(unitSuccess({ score: { raw: 7, max: 10 } })).toBe(70);
    expect(unitSuccess({ completion: true, success: true })).toBe(100);
    expect(unitSuccess({ completion: true, success: false })).toBe(0);
    expect(unitSuccess(null)).toBe(0);
  });
  it('averages only final quizzes and RISE units', () => {
    const results = [
      unit(true, false, { score: { scaled: 0.6 } }),
      unit(false, true, { completion: true, success: true }),
      unit(false, false, { score: { scaled: 0 } }), // an ordinary unit does not count
    ];
    expect(successRate(results)).toBe(80);
    expect(successRate([unit(false, false, { score: { scaled: 1 } })])).toBe(0);
  });
});

describe('completion and goal', () => {
  it('counts completed units over all units', () => {
    const results = [unit(false, false, { completion: true }), unit(false, false, { completion: false })];
    expect(completionRate(results)).toBe(50);
    expect(completionRate(results, 4)).toBe(25);
    expect(completionRate([], 0)).toBe(0);
  });
  it('counts a unit passed without a completion flag as finished (SPEC §4: completed, or passed)', () => {
    const passed: UnitResult = {
      unit: { isFinalQuiz: true, isRise: false },
      verb: 'passed',
      result: { success: true, completion: null, score: { scaled: 0.8 } },
    };
    const failed: UnitResult = { ...passed, verb: 'failed', result: { success: false, completion: null } };
    expect(completionRate([passed, failed], 4)).toBe(25);
  });
  it('shows elearningTarget as the goal, 100 by default', () => {
    expect(goal(70)).toBe(70);
    expect(goal(null)).toBe(100);
    expect(goal(undefined)).toBe(100);
  });
});

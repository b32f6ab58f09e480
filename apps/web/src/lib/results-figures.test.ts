import { describe, expect, it } from 'vitest';
import type { GlobalResults, UnitResultEntry } from '@medenglish/shared';
import { quizFigures, studyTimeFigures } from './results-figures';

const entry = (isFinalQuiz: boolean, result: UnitResultEntry['result'], isRise = false): UnitResultEntry => ({
  unit: {
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Unit',
    isFinalQuiz,
    isRise,
    module: { _id: '00000000-0000-4000-8000-000000000002', name: 'Module' },
  },
  verb: null,
  result,
  time: 0,
});

const targets = (elearningTarget: number | null, totalUnits: number): GlobalResults[1] => ({
  elearningTarget,
  elearningDuration: 600,
  elearningDurationTarget: 80,
  totalUnits,
  progress: null,
});

describe('study time card figures (SPEC §9, §8)', () => {
  it('adds the idle time of the group to the unit time, over the e-learning duration', () => {
    // 2 h 30 in units + 30 min idle = 3 h over a 10 h duration.
    expect(
      studyTimeFigures({
        unitSeconds: 9000,
        idleSeconds: 1800,
        elearningDuration: 600,
        elearningDurationTarget: 80,
      }),
    ).toEqual({
      spent: '03h00',
      required: '10h00',
      percent: 30,
      objective: { percent: 80, time: '08h00' },
    });
  });

  it('computes from the unit tracker alone without the idle tracker (1401)', () => {
    expect(
      studyTimeFigures({
        unitSeconds: 9000,
        idleSeconds: null,
        elearningDuration: 600,
        elearningDurationTarget: null,
      }),
    ).toMatchObject({ spent: '02h30', percent: 25, objective: { percent: 100, time: '10h00' } });
  });

  it('shows 00h00 / 00h00 with 0 progress when the tracker fails', () => {
    expect(
      studyTimeFigures({
        unitSeconds: null,
        idleSeconds: 1800,
        elearningDuration: 600,
        elearningDurationTarget: 80,
      }),
    ).toMatchObject({ spent: '00h00', required: '00h00', percent: 0 });
  });

  it('is 100 when the group has no duration, and capped at 100', () => {
    expect(
      studyTimeFigures({
        unitSeconds: 60,
        idleSeconds: 0,
        elearningDuration: null,
        elearningDurationTarget: null,
      }).percent,
    ).toBe(100);
    // Nothing to measure against: the time spent alone, no "/ 00h00", no objective.
    for (const elearningDuration of [null, 0]) {
      expect(
        studyTimeFigures({
          unitSeconds: 9000,
          idleSeconds: 1800,
          elearningDuration,
          elearningDurationTarget: 80,
        }),
      ).toEqual({ spent: '03h00', required: null, percent: 100, objective: null });
    }
    expect(
      studyTimeFigures({
        unitSeconds: 99_999,
        idleSeconds: 0,
        elearningDuration: 60,
        elearningDurationTarget: null,
      }).percent,
    ).toBe(100);
  });
});

describe('quiz and completion figures (SPEC §9)', () => {
  it('averages final-quiz and RISE units, shows the target and the completed share', () => {
    const results: GlobalResults = [
      [
        entry(true, { success: true, completion: true, score: { scaled: 0.8, raw: null, max: null } }),
        entry(false, { success: true, completion: true, score: null }, true),
        entry(false, { success: null, completion: false, score: null }),
      ],
      targets(70, 8),
    ];
    // (80 + 100) / 2 = 90; 2 completed of 8 units = 25.
    expect(quizFigures(results)).toEqual({ success: 90, goal: 70, completion: 25 });
  });

  it('defaults the goal to 100 and everything else to 0', () => {
    expect(quizFigures([[], targets(null, 0)])).toEqual({ success: 0, goal: 100, completion: 0 });
    expect(quizFigures(undefined)).toEqual({ success: 0, goal: 100, completion: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import type { GlobalResults } from '@medenglish/shared';
import { needsProgressRecompute, progressFromResults } from './results';

const stored = { completionRate: 10, successRate: 20, date: '2026-03-10', time: 5, sec: 300 };

describe('progress tracker (SPEC §9 "recomputed when the stored date is missing or differs")', () => {
  it('keeps a progress stored today', () => {
    expect(needsProgressRecompute(stored, '2026-03-10')).toBe(false);
  });

  it('recomputes when there is none, or it is of another day', () => {
    expect(needsProgressRecompute(null, '2026-03-10')).toBe(true);
    expect(needsProgressRecompute(undefined, '2026-03-10')).toBe(true);
    expect(needsProgressRecompute(stored, '2026-03-11')).toBe(true);
  });

  it('proposes the figures of the results, time included', () => {
    const results: GlobalResults = [
      [
        {
          unit: {
            _id: '00000000-0000-4000-8000-0000000000f1',
            name: 'Quiz',
            isFinalQuiz: true,
            isRise: false,
            module: { _id: '00000000-0000-4000-8000-0000000000e1', name: 'M' },
          },
          verb: 'passed',
          result: { success: true, completion: true, score: { scaled: 0.5, raw: null, max: null } },
          time: 150,
        },
      ],
      {
        elearningTarget: null,
        elearningDuration: 60,
        elearningDurationTarget: null,
        totalUnits: 2,
        progress: null,
      },
    ];
    expect(progressFromResults(results, '2026-03-10', 30)).toEqual({
      completionRate: 50,
      successRate: 50,
      date: '2026-03-10',
      time: 3,
      sec: 180,
    });
  });
});

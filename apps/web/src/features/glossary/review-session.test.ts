import { describe, expect, it } from 'vitest';
import { untilLabel } from './review-session';

describe('when an answer brings a word back (review buttons)', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  it('says minutes under an hour, hours under a day, days beyond', () => {
    expect(untilLabel(now, at(1))).toBe('dans 1 min');
    expect(untilLabel(now, at(10))).toBe('dans 10 min');
    expect(untilLabel(now, at(0))).toBe('dans 1 min');
    expect(untilLabel(now, at(150))).toBe('dans 3 h');
    expect(untilLabel(now, at(3 * 24 * 60))).toBe('dans 3 j');
  });
});

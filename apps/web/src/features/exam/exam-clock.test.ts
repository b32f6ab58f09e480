import { describe, expect, it } from 'vitest';
import { formatClock, untilParts } from './exam-clock';

describe('exam clock texts', () => {
  it('shows m:ss, then h:mm:ss past an hour, rounding up to the second', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(5 * 60_000)).toBe('5:00');
    expect(formatClock(90 * 60_000)).toBe('1:30:00');
    expect(formatClock(-5)).toBe('0:00');
  });

  it('says days until an exam a day or more away, hours and minutes otherwise', () => {
    expect(untilParts(10 * 24 * 3600_000)).toEqual({ days: 10 });
    expect(untilParts(125 * 60_000)).toEqual({ hours: 2, minutes: 5 });
  });
});

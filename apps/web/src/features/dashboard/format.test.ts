import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('dashboard dates (SPEC §9 DD/MM/YYYY and HH:mm, Europe/Paris)', () => {
  it('shows an instant in Paris time, winter and summer', () => {
    expect(formatDateTime('2026-01-15T08:30:00.000Z')).toBe('15/01/2026 09:30');
    expect(formatDateTime('2026-07-01T22:05:00.000Z')).toBe('02/07/2026 00:05');
  });

  it('shows the day of an instant in Paris', () => {
    expect(formatDate('2026-03-31T23:30:00.000Z')).toBe('01/04/2026');
    expect(formatDate('2026-03-31T23:30:00.000Z', 'UTC')).toBe('31/03/2026');
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

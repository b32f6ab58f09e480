import { describe, expect, it } from 'vitest';
import { dayInTimeZone, formatDate, formatDateTime, formatDay } from './dates.js';

const PARIS = 'Europe/Paris';

describe('SPEC §9 dates DD/MM/YYYY and times HH:mm', () => {
  it('formats an ISO day DD/MM/YYYY', () => expect(formatDay('2026-03-09')).toBe('09/03/2026'));

  it('takes the day of an instant in the display time zone', () => {
    expect(dayInTimeZone(new Date('2025-08-13T22:30:00Z'), PARIS)).toBe('2025-08-14');
    expect(dayInTimeZone(new Date('2025-08-13T21:30:00Z'), PARIS)).toBe('2025-08-13');
  });

  it('shows an instant in Paris time, winter (UTC+1) and summer (UTC+2)', () => {
    expect(formatDateTime('2026-01-15T08:30:00.000Z', PARIS)).toBe('15/01/2026 09:30');
    expect(formatDateTime('2026-07-01T08:30:00.000Z', PARIS)).toBe('01/07/2026 10:30');
  });

  it('shows midnight in Paris as 00:00 of the next day', () => {
    expect(formatDateTime('2026-01-14T23:00:00.000Z', PARIS)).toBe('15/01/2026 00:00');
    expect(formatDateTime('2026-07-01T22:05:00.000Z', PARIS)).toBe('02/07/2026 00:05');
    expect(formatDate('2026-01-14T23:00:00.000Z', PARIS)).toBe('15/01/2026');
    expect(formatDate('2026-01-14T22:59:59.999Z', PARIS)).toBe('14/01/2026');
  });

  it('follows the clock changes of 29 March and 25 October 2026', () => {
    // Spring: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(formatDateTime('2026-03-29T00:59:00.000Z', PARIS)).toBe('29/03/2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00.000Z', PARIS)).toBe('29/03/2026 03:00');
    // Autumn: 03:00 CEST becomes 02:00 CET at 01:00 UTC, so 02:30 happens twice.
    expect(formatDateTime('2026-10-25T00:30:00.000Z', PARIS)).toBe('25/10/2026 02:30');
    expect(formatDateTime('2026-10-25T01:30:00.000Z', PARIS)).toBe('25/10/2026 02:30');
  });

  it('shows the day in the time zone it is given', () => {
    expect(formatDate('2026-03-31T23:30:00.000Z', PARIS)).toBe('01/04/2026');
    expect(formatDate('2026-03-31T23:30:00.000Z', 'UTC')).toBe('31/03/2026');
  });

  it('gives an empty text for an unreadable instant', () => {
    expect(formatDateTime('not a date', PARIS)).toBe('');
    expect(formatDate('', PARIS)).toBe('');
  });
});

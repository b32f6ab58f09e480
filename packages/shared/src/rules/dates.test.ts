import { describe, expect, it } from 'vitest';
import {
  dayInTimeZone,
  formatDate,
  formatDateTime,
  formatDay,
  rememberZonePeriods,
  zonePeriods,
} from './dates.js';

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

describe('zone periods: instants shown from the offsets the server sent, without Intl', () => {
  const from = new Date('2025-11-26T00:00:00Z');
  const to = new Date('2027-11-26T00:00:00Z');

  it("finds Paris's clock changes to the minute, with the offset either side", () => {
    const periods = zonePeriods(PARIS, from, to);
    expect(periods.map((p) => [new Date(p.from).toISOString(), p.minutes])).toEqual([
      ['2025-11-26T00:00:00.000Z', 60],
      ['2026-03-29T01:00:00.000Z', 120],
      ['2026-10-25T01:00:00.000Z', 60],
      ['2027-03-28T01:00:00.000Z', 120],
      ['2027-10-31T01:00:00.000Z', 60],
    ]);
    expect(periods.at(-1)!.to).toBe(to.getTime());
    // Contiguous: each period ends where the next begins.
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.from).toBe(periods[i - 1]!.to);
  });

  it.each([PARIS, 'Australia/Sydney', 'Asia/Kolkata', 'America/St_Johns', 'UTC'])(
    'shows every instant in %s as Intl does, around the clock changes too',
    (zone) => {
      const periods = zonePeriods(zone, from, to);
      const instants: string[] = [];
      // Every 7 h 13 min over the two years, and each minute either side of every change.
      for (let t = from.getTime(); t < to.getTime(); t += 433 * 60_000)
        instants.push(new Date(t).toISOString());
      for (const p of periods.slice(1))
        for (const d of [-61, -60, -1, 0, 1, 59, 60])
          instants.push(new Date(p.from + d * 60_000).toISOString());
      const byIntl = instants.map((i) => formatDateTime(i, zone));
      rememberZonePeriods(zone, periods);
      expect(instants.map((i) => formatDateTime(i, zone))).toEqual(byIntl);
      expect(instants.map((i) => formatDate(i, zone))).toEqual(byIntl.map((s) => s.slice(0, 10)));
      expect(instants.map((i) => dayInTimeZone(new Date(i), zone))).toEqual(
        byIntl.map((s) => `${s.slice(6, 10)}-${s.slice(3, 5)}-${s.slice(0, 2)}`),
      );
    },
  );

  it('falls back to Intl outside the periods it was given', () => {
    rememberZonePeriods(PARIS, [{ from: 0, to: 1, minutes: 0 }]);
    expect(formatDateTime('2026-07-01T10:00:00Z', PARIS)).toBe('01/07/2026 12:00');
    expect(formatDateTime('not a date', PARIS)).toBe('');
  });
});

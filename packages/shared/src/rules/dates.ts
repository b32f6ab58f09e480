/** Pure date helpers on ISO day strings (YYYY-MM-DD); the server's clock decides "today". */

/** SPEC §9: dates are shown DD/MM/YYYY. */
export function formatDay(isoDay: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** True when day lies in [from, to], both inclusive (SPEC §9 "inclusive"). */
export function isDayInRange(day: string, from: string, to: string): boolean {
  return from <= day && day <= to;
}

// Building an Intl.DateTimeFormat costs far more than using one, and "today" is asked on every
// authenticated request: keep one formatter per time zone.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

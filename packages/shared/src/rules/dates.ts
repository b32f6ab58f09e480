/**
 * Pure date helpers: ISO day strings (YYYY-MM-DD) and instants shown in a time zone. The server's
 * clock decides "today"; SPEC §9 shows dates DD/MM/YYYY and times HH:mm.
 */

/** The display time zone (the server's TZ_DISPLAY default), until the server has named its own. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

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
// authenticated request: keep one formatter per kind and time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: 'day' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const day = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    formatter =
      kind === 'day'
        ? // en-CA formats as YYYY-MM-DD.
          new Intl.DateTimeFormat('en-CA', day)
        : new Intl.DateTimeFormat('en-GB', { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  return formatterFor('day', timeZone).format(instant);
}

/** The day, month, year, hour and minute of an ISO instant in a time zone; null when unreadable. */
function partsOf(instant: string, timeZone: string): Record<string, string> | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(
    formatterFor('dateTime', timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** SPEC §9: an instant's day as "DD/MM/YYYY" in `timeZone`; '' when it cannot be read. */
export function formatDate(instant: string, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** SPEC §9: an instant as "DD/MM/YYYY HH:mm" in `timeZone`; '' when it cannot be read. */
export function formatDateTime(instant: string, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

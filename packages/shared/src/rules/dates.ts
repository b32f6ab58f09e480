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
  const p = partsFromPeriods(instant.getTime(), timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : formatterFor('day', timeZone).format(instant);
}

/**
 * A stretch of time over which a zone's offset from UTC stays the same: [from, to), in epoch
 * milliseconds, and the offset in minutes (Paris: 60 in winter, 120 in summer).
 */
export interface ZonePeriod {
  from: number;
  to: number;
  minutes: number;
}

/**
 * The periods of a zone's offset between two instants, found with Intl (the server's side: it
 * sends them with its clock, GET /time). Days are sampled and each change of offset is narrowed to
 * its minute, so a year costs a few hundred formats, not one per minute.
 */
export function zonePeriods(timeZone: string, from: Date, to: Date): ZonePeriod[] {
  const DAY = 86_400_000;
  const start = Math.floor(from.getTime() / 60_000) * 60_000;
  const end = to.getTime();
  const periods: ZonePeriod[] = [];
  let periodStart = start;
  let minutes = offsetMinutes(start, timeZone);
  for (let t = start; t < end;) {
    const next = Math.min(t + DAY, end);
    const nextMinutes = offsetMinutes(next, timeZone);
    if (nextMinutes !== minutes) {
      // The change lies in (t, next]: halve the interval down to the minute.
      let low = t;
      let high = next;
      while (high - low > 60_000) {
        const mid = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetMinutes(mid, timeZone) === minutes) low = mid;
        else high = mid;
      }
      periods.push({ from: periodStart, to: high, minutes });
      periodStart = high;
      minutes = offsetMinutes(high, timeZone);
    }
    t = next;
  }
  periods.push({ from: periodStart, to: end, minutes });
  return periods;
}

/** A zone's offset from UTC at an instant, in minutes, read from Intl. */
function offsetMinutes(epochMs: number, timeZone: string): number {
  const p = intlPartsOf(new Date(epochMs), timeZone);
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return Math.round((local - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/**
 * Periods the server sent, by zone. The first Intl.DateTimeFormat a page builds costs tens of
 * milliseconds on a phone (its locale data are loaded then), in the dashboard's first render:
 * with the server's periods, instants within them are shown by arithmetic and Intl is not needed.
 */
const knownPeriods = new Map<string, ZonePeriod[]>();

/** Keeps the periods of a zone that the server sent, for formatDate and formatDateTime. */
export function rememberZonePeriods(timeZone: string, periods: readonly ZonePeriod[]): void {
  knownPeriods.set(timeZone, [...periods]);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The parts of an instant from a known period of its zone; null when no period covers it. */
function partsFromPeriods(epochMs: number, timeZone: string): Record<string, string> | null {
  const period = knownPeriods.get(timeZone)?.find((p) => p.from <= epochMs && epochMs < p.to);
  if (!period) return null;
  const local = new Date(epochMs + period.minutes * 60_000);
  return {
    year: String(local.getUTCFullYear()),
    month: pad2(local.getUTCMonth() + 1),
    day: pad2(local.getUTCDate()),
    hour: pad2(local.getUTCHours()),
    minute: pad2(local.getUTCMinutes()),
  };
}

function intlPartsOf(date: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatterFor('dateTime', timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** The day, month, year, hour and minute of an ISO instant in a time zone; null when unreadable. */
function partsOf(instant: string, timeZone: string): Record<string, string> | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return partsFromPeriods(date.getTime(), timeZone) ?? intlPartsOf(date, timeZone);
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

/** Dates of the dashboard, shown as SPEC §9 asks (DD/MM/YYYY, HH:mm) in the display time zone. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function parts(instant: string, timeZone: string): Record<string, string> | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** An instant as "DD/MM/YYYY HH:mm" in `timeZone`; '' when it cannot be read. */
export function formatDateTime(instant: string, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(instant, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** An instant's day as "DD/MM/YYYY" in `timeZone`; '' when it cannot be read. */
export function formatDate(instant: string, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(instant, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/**
 * SPEC §5 webinar lists and §9 figures, pure: upcoming = start in the future; replays = in the
 * past; Mes webinaires = those including the user's id. Times are the server's (`now`).
 */
export interface WebinarTimes {
  start: string;
  duration: number;
  registered: readonly string[];
}

export const isUpcoming = (w: WebinarTimes, now: number) => Date.parse(w.start) > now;
export const isReplay = (w: WebinarTimes, now: number) => Date.parse(w.start) <= now;
export const isMine = (w: WebinarTimes, userId: string) => w.registered.includes(userId);

/** Upcoming by start (soonest first), replays newest first, mine by start. */
export function webinarLists<W extends WebinarTimes>(webinars: readonly W[], userId: string, now: number) {
  const byStart = (a: W, b: W) => Date.parse(a.start) - Date.parse(b.start);
  return {
    upcoming: webinars.filter((w) => isUpcoming(w, now)).sort(byStart),
    replays: webinars.filter((w) => isReplay(w, now)).sort((a, b) => byStart(b, a)),
    mine: webinars.filter((w) => isMine(w, userId)).sort(byStart),
  };
}

/** SPEC §9: places left = places minus registrations (never below zero). */
export const placesLeft = (places: number, registrations: number) => Math.max(0, places - registrations);

/** The join link opens this long before the start (learners test their sound), and until the end. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;

export function isJoinOpen(w: Pick<WebinarTimes, 'start' | 'duration'>, now: number): boolean {
  const start = Date.parse(w.start);
  return now >= start - JOIN_OPENS_MINUTES_BEFORE * 60_000 && now < start + w.duration * 60_000;
}

/** SPEC §9 "Duration shown as hours and minutes": 90 → "1 h 30", 45 → "45 min", 120 → "2 h". */
export function formatWebinarDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/** An iCalendar text (RFC 5545) escaped: backslash, semicolon, comma and newlines. */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1); counted in characters, close enough for our texts. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 74) {
    out.push(rest.slice(0, 74));
    rest = ` ${rest.slice(74)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/** A calendar file of one booked webinar, for the learner's own calendar (issue 15). */
export function webinarIcs(
  w: { _id: string; topic: string; blurb: string; start: string; duration: number },
  options: { joinUrl?: string | null; stamp: string },
): string {
  const end = new Date(Date.parse(w.start) + w.duration * 60_000).toISOString();
  const description = [w.blurb, options.joinUrl ?? ''].filter(Boolean).join('\n\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MedEnglish//Webinars//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${w._id}@medenglish`,
    `DTSTAMP:${icsTime(options.stamp)}`,
    `DTSTART:${icsTime(w.start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(w.topic)}`,
    ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
    ...(options.joinUrl ? [`URL:${options.joinUrl}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}

import { dayInTimeZone, zonePeriods, type ZonePeriod } from '@medenglish/shared';

/** Time is the server's (DESIGN "Conventions"); injected so tests can pin it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move by hand. */
export function fixedClock(start: Date): Clock & { set(d: Date): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => (current = new Date(d)),
    advance: (ms) => (current = new Date(current.getTime() + ms)),
  };
}

/**
 * The system clock moved forward by an offset that only moves forward: the browser tests' clock
 * (TEST_CLOCK), so a 90-minute exam can reach its warning and its end in seconds.
 */
export function adjustableClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => void (offset += Math.max(0, ms)),
  };
}

let lastDay = { key: '', day: '' };

/**
 * The server's day in the display time zone. Asked on every heartbeat, so the answer is kept for
 * the minute (a day in any time zone starts on a whole minute).
 */
export function today(clock: Clock, timeZone: string): string {
  const now = clock.now();
  const key = `${timeZone}|${Math.floor(now.getTime() / 60_000)}`;
  if (lastDay.key !== key) lastDay = { key, day: dayInTimeZone(now, timeZone) };
  return lastDay.day;
}

const YEAR_MS = 366 * 86_400_000;
let lastPeriods = { key: '', periods: [] as ZonePeriod[] };

/**
 * The display zone's offsets from UTC from a year before today to a year after (GET /time), worked
 * out once a day: browsers show instants from them without Intl (rules/dates.ts).
 */
export function zonePeriodsAround(clock: Clock, timeZone: string): ZonePeriod[] {
  const day = today(clock, timeZone);
  const key = `${timeZone}|${day}`;
  if (lastPeriods.key !== key) {
    const now = clock.now().getTime();
    lastPeriods = { key, periods: zonePeriods(timeZone, new Date(now - YEAR_MS), new Date(now + YEAR_MS)) };
  }
  return lastPeriods.periods;
}

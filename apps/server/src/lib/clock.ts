import { dayInTimeZone } from '@medenglish/shared';

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

export function today(clock: Clock, timeZone: string): string {
  return dayInTimeZone(clock.now(), timeZone);
}

/**
 * Time as the timers see it. Injected so that unit tests (and a browser test with a fake clock)
 * can move time forward instead of waiting 30 minutes.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/** Reads the globals at call time, so a clock installed after load (Playwright's) is honoured. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
};

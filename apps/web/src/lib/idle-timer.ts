import { IDLE_TIMEOUT_MS } from '@medenglish/shared';
import { systemClock, type Clock } from './clock';
import { readStorage, storageKeys, writeStorage } from './storage';

/** Where the last activity time is shared; every tab of the browser reads the same value. */
export interface ActivityStore {
  read(): number | null;
  write(time: number): void;
}

export const localActivityStore: ActivityStore = {
  read: () => {
    const value = Number(readStorage(storageKeys.lastActivity));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  write: (time) => writeStorage(storageKeys.lastActivity, String(time)),
};

export interface IdleTimerOptions {
  onIdle(): void;
  timeoutMs?: number;
  clock?: Clock;
  store?: ActivityStore;
  /**
   * Asked when the timer wakes: the learner works inside an embedded frame (an e-learning unit)
   * whose input events never reach the window, which then counts as activity.
   */
  hasFocusInFrame?: () => boolean;
}

export interface IdleTimer {
  start(): void;
  stop(): void;
  /** Called on pointer, key, scroll and touch events; cheap enough to call on every one. */
  recordActivity(): void;
  /** Re-reads the shared activity time (e.g. when the tab becomes visible after a sleep). */
  check(): void;
}

/** Activity is written at most this often: pointermove fires dozens of times a second. */
const WRITE_INTERVAL_MS = 1000;

/**
 * The timer wakes this long before the deadline: a tab whose focus is inside a unit frame then
 * writes that activity before any other tab's deadline passes (and logs everybody out). It is also
 * how late a wake may be and still see the frame: a wake much later than that (the computer
 * slept) logs out even with the focus in a frame, since nobody was working in it meanwhile.
 */
const FRAME_CHECK_LEAD_MS = 60 * 1000;

/**
 * SPEC §4/§9: after 30 minutes without activity in any tab the user is logged out. Rather than
 * resetting a timer on every event, the timer wakes up when the deadline computed from the shared
 * last-activity time would pass, and then reads that time again: activity in another tab has moved
 * the deadline, so it simply sleeps until the new one. Input inside an embedded frame never reaches
 * the window: when the timer wakes with the focus in a frame, the learner is working there, and
 * that counts as activity (written for the other tabs) instead of a logout.
 */
export function createIdleTimer({
  onIdle,
  timeoutMs = IDLE_TIMEOUT_MS,
  clock = systemClock,
  store = localActivityStore,
  hasFocusInFrame = () => false,
}: IdleTimerOptions): IdleTimer {
  let handle: number | null = null;
  let running = false;
  let lastWrite = 0;

  function clear() {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  }

  function check() {
    clear();
    if (!running) return;
    const now = clock.now();
    let idleFor = now - Math.max(store.read() ?? 0, lastWrite);
    if (idleFor < timeoutMs + FRAME_CHECK_LEAD_MS && hasFocusInFrame()) {
      write(now);
      idleFor = 0;
    }
    if (idleFor >= timeoutMs) {
      running = false;
      onIdle();
      return;
    }
    const remaining = timeoutMs - idleFor;
    handle = clock.setTimeout(
      check,
      remaining > FRAME_CHECK_LEAD_MS ? remaining - FRAME_CHECK_LEAD_MS : remaining,
    );
  }

  function write(now: number) {
    lastWrite = now;
    store.write(now);
  }

  return {
    start() {
      running = true;
      // A tab opened long after the last activity (all tabs closed, browser still open) must not
      // revive the session: the stored time is checked before this start counts as activity.
      const previous = store.read();
      if (previous === null || clock.now() - previous < timeoutMs) write(clock.now());
      check();
    },
    stop() {
      running = false;
      clear();
    },
    recordActivity() {
      const now = clock.now();
      if (running && now - lastWrite >= WRITE_INTERVAL_MS) write(now);
    },
    check,
  };
}

import type { TimeoutProvider } from '@tanstack/react-query';

/**
 * Timers for TanStack Query that share one browser timer when they are long (its timeoutManager
 * invites such a provider). Each query keeps a five-minute collection timer and each card's
 * observer a stale timer and a refetch interval: the dashboard's first commit set and cleared
 * some sixty browser timers within a few tasks, about a third of its effects' time in a profile
 * (a traced timer records its stack, and a phone pays each call). Long timers have no need of the
 * millisecond: those of at least LONG_MS are due on the next whole second after their delay and
 * wait together behind one browser timer set for the earliest. Shorter ones stay the browser's.
 */
export const LONG_MS = 5_000;
const GRAIN_MS = 1_000;

interface Entry {
  due: number;
  callback: () => void;
  /** Set for an interval: the entry is due again this long after it ran. */
  every?: number;
}

export interface CoalescedTimers extends TimeoutProvider<number> {
  /** How many long timers are waiting (for tests). */
  readonly pending: () => number;
}

/** `now` is a monotonic clock in milliseconds (performance.now in the browser). */
export function createCoalescedTimers(now: () => number = () => performance.now()): CoalescedTimers {
  const entries = new Map<number, Entry>();
  // Short timers keep their browser handle under our id, so that one clear serves both kinds.
  const shortHandles = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;
  let wake: { at: number; handle: ReturnType<typeof setTimeout> } | null = null;

  const dueAfter = (delay: number) => Math.ceil((now() + delay) / GRAIN_MS) * GRAIN_MS;

  function schedule() {
    let earliest = Infinity;
    for (const entry of entries.values()) earliest = Math.min(earliest, entry.due);
    if (earliest === Infinity) {
      if (wake) clearTimeout(wake.handle);
      wake = null;
      return;
    }
    // An earlier wake-up already set serves: it schedules again when it fires.
    if (wake && wake.at <= earliest) return;
    if (wake) clearTimeout(wake.handle);
    wake = { at: earliest, handle: setTimeout(fire, Math.max(0, earliest - now())) };
  }

  function fire() {
    wake = null;
    const t = now();
    const due = [...entries].filter(([, entry]) => entry.due <= t);
    for (const [id, entry] of due) {
      // A callback may clear a timer due in this same turn: it then does not run.
      if (entries.get(id) !== entry) continue;
      if (entry.every === undefined) entries.delete(id);
      else entry.due = dueAfter(entry.every);
      entry.callback();
    }
    schedule();
  }

  function add(callback: () => void, delay: number, every?: number): number {
    const id = nextId++;
    entries.set(id, { due: dueAfter(delay), callback, every });
    if (!wake || wake.at > entries.get(id)!.due) schedule();
    return id;
  }

  function clear(id: number | undefined) {
    if (id === undefined) return;
    const handle = shortHandles.get(id);
    if (handle !== undefined) {
      clearTimeout(handle);
      clearInterval(handle);
      shortHandles.delete(id);
      return;
    }
    // The browser timer is left to fire: finding nothing due, it sets itself for the next one.
    entries.delete(id);
  }

  return {
    setTimeout(callback, delay) {
      if (delay >= LONG_MS) return add(callback, delay);
      const id = nextId++;
      shortHandles.set(
        id,
        setTimeout(() => {
          shortHandles.delete(id);
          callback();
        }, delay),
      );
      return id;
    },
    clearTimeout: clear,
    setInterval(callback, delay) {
      if (delay >= LONG_MS) return add(callback, delay, delay);
      const id = nextId++;
      shortHandles.set(id, setInterval(callback, delay));
      return id;
    },
    clearInterval: clear,
    pending: () => entries.size,
  };
}

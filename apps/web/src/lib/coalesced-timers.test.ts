import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedTimers, LONG_MS } from './coalesced-timers';

describe('coalesced timers for TanStack Query', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T10:00:00.250Z'));
  });
  afterEach(() => vi.useRealTimers());

  const timers = () => createCoalescedTimers(() => Date.now());

  it('runs a long timeout no sooner than asked and within a second of it', () => {
    const t = timers();
    const ran = vi.fn();
    t.setTimeout(ran, 300_000);
    vi.advanceTimersByTime(299_999);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(ran).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('keeps many long timers behind one browser timer', () => {
    const t = timers();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const ran = vi.fn();
    for (let i = 0; i < 30; i++) t.setTimeout(ran, 300_000 + i);
    // The earliest comes first and moves the browser's timer once; the others wait behind it.
    t.setTimeout(ran, 60_000);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(t.pending()).toBe(31);
    vi.advanceTimersByTime(301_000);
    expect(ran).toHaveBeenCalledTimes(31);
    expect(t.pending()).toBe(0);
    spy.mockRestore();
  });

  it('does not run a cleared timer, long or short', () => {
    const t = timers();
    const ran = vi.fn();
    t.clearTimeout(t.setTimeout(ran, 60_000));
    t.clearTimeout(t.setTimeout(ran, 10));
    t.clearTimeout(undefined);
    vi.advanceTimersByTime(120_000);
    expect(ran).not.toHaveBeenCalled();
    expect(t.pending()).toBe(0);
  });

  it('repeats a long interval until it is cleared', () => {
    const t = timers();
    const ran = vi.fn();
    const id = t.setInterval(ran, 30_000);
    vi.advanceTimersByTime(95_000);
    expect(ran).toHaveBeenCalledTimes(3);
    t.clearInterval(id);
    vi.advanceTimersByTime(95_000);
    expect(ran).toHaveBeenCalledTimes(3);
  });

  it('leaves short timers to the browser, at their millisecond', () => {
    const t = timers();
    const ran = vi.fn();
    t.setTimeout(ran, LONG_MS - 1);
    vi.advanceTimersByTime(LONG_MS - 2);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
    const every = vi.fn();
    const id = t.setInterval(every, 100);
    vi.advanceTimersByTime(350);
    expect(every).toHaveBeenCalledTimes(3);
    t.clearInterval(id);
    vi.advanceTimersByTime(1_000);
    expect(every).toHaveBeenCalledTimes(3);
  });

  it('does not run a timer that an earlier callback of the same turn cleared', () => {
    const t = timers();
    const second = vi.fn();
    let secondId = 0;
    t.setTimeout(() => t.clearTimeout(secondId), 10_000);
    secondId = t.setTimeout(second, 10_000);
    vi.advanceTimersByTime(20_000);
    expect(second).not.toHaveBeenCalled();
  });
});

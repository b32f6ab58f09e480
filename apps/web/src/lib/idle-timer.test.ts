import { describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS } from '@medenglish/shared';
import { fakeClock } from '../test/fake-clock';
import { createIdleTimer, localActivityStore } from './idle-timer';
import { storageKeys } from './storage';

const MINUTE = 60_000;

describe('idle timer (SPEC §4: logged out after 30 minutes without activity in any tab)', () => {
  it('logs out after 30 minutes of inactivity, not before', () => {
    const { clock, advance } = fakeClock();
    const onIdle = vi.fn();
    createIdleTimer({ onIdle, clock }).start();

    advance(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    advance(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('activity in this tab postpones the logout', () => {
    const { clock, advance } = fakeClock();
    const onIdle = vi.fn();
    const timer = createIdleTimer({ onIdle, clock });
    timer.start();

    advance(20 * MINUTE);
    timer.recordActivity();
    advance(29 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    advance(1 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('activity in another tab (the shared localStorage value) postpones the logout', () => {
    const { clock, advance } = fakeClock();
    const onIdle = vi.fn();
    createIdleTimer({ onIdle, clock, store: localActivityStore }).start();

    advance(25 * MINUTE);
    // Another tab of the same browser records its user's activity.
    window.localStorage.setItem(storageKeys.lastActivity, String(clock.now()));
    advance(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    advance(20 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('a tab opened after 30 idle minutes does not revive the session', () => {
    const { clock } = fakeClock();
    window.localStorage.setItem(storageKeys.lastActivity, String(clock.now() - IDLE_TIMEOUT_MS - MINUTE));
    const onIdle = vi.fn();
    createIdleTimer({ onIdle, clock, store: localActivityStore }).start();
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('does not log out a learner working inside a unit frame (its events never reach window)', () => {
    const { clock, advance } = fakeClock();
    const onIdle = vi.fn();
    const frame = { hasFocus: true };
    createIdleTimer({ onIdle, clock, hasFocusInFrame: () => frame.hasFocus }).start();

    advance(3 * IDLE_TIMEOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();

    // The focus leaves the frame: 30 minutes later at most, the usual logout.
    frame.hasFocus = false;
    advance(IDLE_TIMEOUT_MS);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('writes the frame activity for the other tabs before their deadline', () => {
    const { clock, advance } = fakeClock();
    const inFrame = vi.fn();
    const elsewhere = vi.fn();
    createIdleTimer({
      onIdle: inFrame,
      clock,
      store: localActivityStore,
      hasFocusInFrame: () => true,
    }).start();
    createIdleTimer({ onIdle: elsewhere, clock, store: localActivityStore }).start();

    advance(2 * IDLE_TIMEOUT_MS);
    expect(inFrame).not.toHaveBeenCalled();
    expect(elsewhere).not.toHaveBeenCalled();
  });

  it('logs out after the computer slept, even with the focus still in a frame', () => {
    const { clock: awake } = fakeClock();
    // Asleep, no timer fires while the time goes on; on waking the tab checks once it is visible.
    let slept = 0;
    const clock = { ...awake, now: () => awake.now() + slept };
    const onIdle = vi.fn();
    const timer = createIdleTimer({ onIdle, clock, hasFocusInFrame: () => true });
    timer.start();
    slept = 2 * IDLE_TIMEOUT_MS;
    timer.check();
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('stops cleanly', () => {
    const { clock, advance } = fakeClock();
    const onIdle = vi.fn();
    const timer = createIdleTimer({ onIdle, clock });
    timer.start();
    timer.stop();
    advance(2 * IDLE_TIMEOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

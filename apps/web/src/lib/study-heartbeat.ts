import { STUDY_BEAT_SECONDS } from '@medenglish/shared';
import { systemClock, type Clock } from './clock';

/** A learner without any input event for this long stops earning study time. */
export const STUDY_ACTIVE_WINDOW_MS = 5 * 60 * 1000;
/** The most one beat ever claims (the server caps it too: never more than the real time). */
export const STUDY_BEAT_MAX_SECONDS = 60;

export interface BeatOptions {
  /** The page is being hidden or left: the request must outlive it (fetch keepalive). */
  keepalive: boolean;
}

export interface StudyHeartbeatOptions {
  /** Sends `seconds` of study time; failures are the caller's to swallow. */
  send(seconds: number, options: BeatOptions): void;
  clock?: Clock;
  intervalMs?: number;
  activeWindowMs?: number;
  maxSeconds?: number;
  /**
   * Asked at each tick: the learner works inside an embedded frame (an e-learning unit) whose
   * input events never reach the window, which then counts as activity (lib/activity-events.ts).
   */
  hasFocusInFrame?: () => boolean;
}

export interface StudyHeartbeat {
  /** Starts counting (signed in, on a page that counts); `visible` is the tab's visibility now. */
  start(visible: boolean): void;
  /** Stops counting and sends what was pending (the page no longer counts, or the shell left). */
  stop(): void;
  /** An input event (pointer, key, scroll, touch) in this tab. */
  recordActivity(): void;
  /** visibilitychange: hidden sends the pending seconds with keepalive and pauses. */
  setVisible(visible: boolean): void;
  /** pagehide: sends the pending seconds with keepalive and pauses. */
  flush(): void;
}

/**
 * SPEC §7/§9 "study time sent every 30 seconds": counts the seconds the learner spends signed in,
 * with the tab visible and active (an input event within the last 5 minutes, or the focus inside
 * an embedded unit frame at a tick), and sends them every 30 s. What a beat claims is the time
 * since the previous one, cut at the end of the active window and at 60 s, so it is never more
 * than the time that really passed; time while hidden or idle is never counted. Pure scheduling:
 * the clock, the sender and the frame-focus check are injected.
 */
export function createStudyHeartbeat({
  send,
  clock = systemClock,
  intervalMs = STUDY_BEAT_SECONDS * 1000,
  activeWindowMs = STUDY_ACTIVE_WINDOW_MS,
  maxSeconds = STUDY_BEAT_MAX_SECONDS,
  hasFocusInFrame = () => false,
}: StudyHeartbeatOptions): StudyHeartbeat {
  let running = false;
  let visible = false;
  let lastActivity = 0;
  /** Start of the period not yet sent; null while nothing is being counted (paused or idle). */
  let since: number | null = null;
  let handle: number | null = null;

  function clearTimer() {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  }

  function schedule() {
    clearTimer();
    handle = clock.setTimeout(tick, intervalMs);
  }

  /** Sends the counted seconds up to `now` (or the end of the active window, if earlier). */
  function sendPending(now: number, keepalive: boolean) {
    if (since === null) return;
    const end = Math.min(now, lastActivity + activeWindowMs);
    const seconds = Math.min(maxSeconds, Math.floor(Math.max(0, end - since) / 1000));
    if (seconds === 0) return;
    // The next period starts now: a beat never claims more than the time since the previous one
    // (what the server checks), at the cost of the odd fraction of a second.
    since = Math.max(since, end);
    send(seconds, { keepalive });
  }

  /** Hidden, left or stopped: nothing is counted and no tick runs until the next resume. */
  function pause() {
    clearTimer();
    since = null;
  }

  /** Focus inside a unit frame is the learner's activity, seen only when this window asks. */
  function noteFrameFocus(now: number) {
    if (hasFocusInFrame()) lastActivity = now;
  }

  function isActive(now: number) {
    return now - lastActivity < activeWindowMs;
  }

  function resume(now: number) {
    if (!running || !visible || since !== null) return;
    if (isActive(now)) {
      since = now;
      schedule();
    } else if (handle === null) {
      // Idle on a visible tab: the ticks still watch for the focus entering a unit frame.
      schedule();
    }
  }

  /**
   * Every 30 s while signed in on a visible tab. Idle (no input for 5 minutes), nothing is counted
   * but the ticks go on: moving the focus into a unit frame brings no event to this window, so a
   * tick is where a learner coming back to work inside the frame is noticed.
   */
  function tick() {
    handle = null;
    const now = clock.now();
    noteFrameFocus(now);
    if (since === null) {
      if (isActive(now)) since = now;
    } else {
      sendPending(now, false);
      if (!isActive(now)) since = null;
    }
    schedule();
  }

  return {
    start(isVisible) {
      if (running) return;
      running = true;
      visible = isVisible;
      // Opening the app (a login, a click on a link, a reload) is the learner's own action.
      lastActivity = clock.now();
      resume(lastActivity);
    },
    stop() {
      if (!running) return;
      sendPending(clock.now(), true);
      pause();
      running = false;
    },
    recordActivity() {
      const now = clock.now();
      lastActivity = now;
      resume(now);
    },
    setVisible(isVisible) {
      if (isVisible === visible) return;
      visible = isVisible;
      const now = clock.now();
      if (isVisible) {
        noteFrameFocus(now);
        resume(now);
      } else {
        sendPending(now, true);
        pause();
      }
    },
    flush() {
      sendPending(clock.now(), true);
      pause();
    },
  };
}

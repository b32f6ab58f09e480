import { describe, expect, it, vi } from 'vitest';
import { STUDY_BEAT_SECONDS } from '@medenglish/shared';
import { fakeClock } from '../test/fake-clock';
import { createStudyHeartbeat, STUDY_ACTIVE_WINDOW_MS } from './study-heartbeat';

const SECOND = 1000;
const BEAT = STUDY_BEAT_SECONDS * SECOND;
const MINUTE = 60 * SECOND;

function setup({ visible = true }: { visible?: boolean } = {}) {
  const { clock, advance, pending } = fakeClock();
  const send = vi.fn<(seconds: number, options: { keepalive: boolean }) => void>();
  const frame = { hasFocus: false };
  const heartbeat = createStudyHeartbeat({ send, clock, hasFocusInFrame: () => frame.hasFocus });
  heartbeat.start(visible);
  const seconds = () => send.mock.calls.map(([s]) => s);
  const total = () => seconds().reduce((a, b) => a + b, 0);
  return { heartbeat, send, advance, pending, seconds, total, frame };
}

describe('study-time heartbeat (SPEC §7/§9: study time sent every 30 s)', () => {
  it('beats every 30 s with the seconds since the previous beat while active and visible', () => {
    const { heartbeat, send, advance, seconds } = setup();
    advance(BEAT - 1);
    expect(send).not.toHaveBeenCalled();
    advance(1);
    expect(send).toHaveBeenLastCalledWith(30, { keepalive: false });
    for (let i = 0; i < 4; i++) {
      advance(BEAT / 2);
      heartbeat.recordActivity();
      advance(BEAT / 2);
    }
    expect(seconds()).toEqual([30, 30, 30, 30, 30]);
  });

  it('sends nothing while the tab is hidden, and nothing for the hidden time afterwards', () => {
    const { heartbeat, send, advance, seconds } = setup({ visible: false });
    advance(10 * MINUTE);
    expect(send).not.toHaveBeenCalled();

    heartbeat.setVisible(true);
    heartbeat.recordActivity();
    advance(BEAT);
    expect(seconds()).toEqual([30]);
  });

  it('sends the pending seconds with keepalive when the tab is hidden, then pauses', () => {
    const { heartbeat, send, advance, pending } = setup();
    advance(BEAT + 12 * SECOND);
    heartbeat.setVisible(false);
    expect(send).toHaveBeenLastCalledWith(12, { keepalive: true });
    expect(pending()).toBe(0);
    advance(5 * MINUTE);
    expect(send).toHaveBeenCalledTimes(2);

    // Back within the active window: counting resumes from the moment the tab shows again.
    heartbeat.setVisible(true);
    heartbeat.recordActivity();
    advance(BEAT);
    expect(send).toHaveBeenLastCalledWith(30, { keepalive: false });
  });

  it('flushes on pagehide with keepalive', () => {
    const { heartbeat, send, advance } = setup();
    advance(7 * SECOND);
    heartbeat.flush();
    expect(send).toHaveBeenCalledExactlyOnceWith(7, { keepalive: true });
    advance(BEAT);
    expect(send).toHaveBeenCalledOnce();
  });

  it('stops counting 5 minutes after the last input event, and starts again on the next one', () => {
    const { heartbeat, send, advance, total } = setup();
    advance(20 * MINUTE);
    // Credited up to the end of the active window only: 5 minutes, in beats of at most 30 s.
    expect(total()).toBe(STUDY_ACTIVE_WINDOW_MS / SECOND);
    const beats = send.mock.calls.length;
    advance(20 * MINUTE);
    expect(send).toHaveBeenCalledTimes(beats);

    heartbeat.recordActivity();
    advance(BEAT);
    expect(send).toHaveBeenCalledTimes(beats + 1);
    expect(send).toHaveBeenLastCalledWith(30, { keepalive: false });
  });

  it('counts the focus inside a unit frame as activity at each tick (its events never reach window)', () => {
    const { advance, total, frame } = setup();
    frame.hasFocus = true;
    advance(20 * MINUTE);
    // The learner works inside the frame all along: every second of the 20 minutes counts.
    expect(total()).toBe(20 * 60);

    // The focus leaves the frame: 5 more minutes at most, as after the last input event.
    frame.hasFocus = false;
    advance(20 * MINUTE);
    expect(total()).toBe(20 * 60 + STUDY_ACTIVE_WINDOW_MS / SECOND);
  });

  it('notices at a tick a learner who came back to work inside a frame after being idle', () => {
    const { advance, total, frame, send } = setup();
    advance(10 * MINUTE);
    expect(total()).toBe(STUDY_ACTIVE_WINDOW_MS / SECOND);
    const beats = send.mock.calls.length;

    // Idle: moving the focus into the frame sends no event to the window, the next tick sees it.
    frame.hasFocus = true;
    advance(BEAT);
    expect(send).toHaveBeenCalledTimes(beats);
    advance(2 * MINUTE);
    expect(total()).toBe(STUDY_ACTIVE_WINDOW_MS / SECOND + 2 * 60);
  });

  it('counts nothing in a frame while the tab is hidden', () => {
    const { heartbeat, advance, send, frame, pending } = setup();
    frame.hasFocus = true;
    heartbeat.setVisible(false);
    advance(20 * MINUTE);
    expect(send).not.toHaveBeenCalled();
    expect(pending()).toBe(0);
  });

  it('cuts the last beat at the end of the active window', () => {
    const { heartbeat, advance, seconds } = setup();
    advance(10 * SECOND);
    heartbeat.recordActivity(); // active until 5 min 10 s
    advance(10 * MINUTE);
    expect(seconds().at(-1)).toBe(10);
    expect(seconds().reduce((a, b) => a + b, 0)).toBe(5 * 60 + 10);
  });

  it('never claims more than the time since the previous beat, nor more than 60 s', () => {
    const { clock, advance } = fakeClock();
    const beats: { at: number; seconds: number }[] = [];
    const heartbeat = createStudyHeartbeat({
      clock,
      send: (seconds) => beats.push({ at: clock.now(), seconds }),
    });
    const startedAt = clock.now();
    heartbeat.start(true);
    // A deterministic jumble of waits, input, hiding and showing.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 400; i++) {
      const r = random();
      if (r < 0.4) advance(Math.floor(random() * 90 * SECOND));
      else if (r < 0.7) heartbeat.recordActivity();
      else if (r < 0.85) heartbeat.setVisible(false);
      else heartbeat.setVisible(true);
    }
    heartbeat.stop();

    expect(beats.length).toBeGreaterThan(10);
    let previous = startedAt;
    for (const beat of beats) {
      expect(beat.seconds).toBeGreaterThan(0);
      expect(beat.seconds).toBeLessThanOrEqual(60);
      expect(beat.seconds * SECOND).toBeLessThanOrEqual(beat.at - previous);
      previous = beat.at;
    }
  });

  it('sends what is pending on stop, then nothing more', () => {
    const { heartbeat, send, advance } = setup();
    advance(BEAT + 5 * SECOND);
    heartbeat.stop();
    expect(send).toHaveBeenLastCalledWith(5, { keepalive: true });
    heartbeat.recordActivity();
    advance(5 * BEAT);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

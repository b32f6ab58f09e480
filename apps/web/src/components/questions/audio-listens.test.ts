import { describe, expect, it } from 'vitest';
import {
  counted,
  end,
  failedToStart,
  initialListens,
  listenOffer,
  listensLeft,
  press,
  stop,
  type Listens,
} from './audio-listens';

/** Presses and returns the step, failing the test when the press is not offered. */
function pressed(s: Listens, action: 'start' | 'resume') {
  const step = press(s, action);
  if (!step) throw new Error(`${action} is not offered`);
  return step;
}

/** A play from start to end, and the server's answer to the count. */
function playThrough(s: Listens) {
  const started = pressed(s, 'start');
  expect(started.count).toBe(0);
  const ended = end(started.next);
  expect(ended.count).toBe(1);
  return counted(ended.next, ended.next.counted + 1);
}

describe('when a listen of an audio question is counted (SPEC §9 at most twice, issue 33)', () => {
  it('counts a play when it reaches its end, not when it starts', () => {
    const start = pressed(initialListens(0), 'start');
    expect(start).toEqual({
      next: { counted: 0, counting: 0, playing: true, stoppedAt: null },
      count: 0,
      from: 0,
    });
    expect(listensLeft(start.next)).toBe(2);
    const ended = end(start.next);
    expect(ended.count).toBe(1);
    // Spent as soon as it is asked for: the display and the offer do not wait for the server.
    expect(listensLeft(ended.next)).toBe(1);
    expect(listenOffer(ended.next).start).toBe(false);
    const answered = counted(ended.next, 1);
    expect(answered).toEqual({ counted: 1, counting: 0, playing: false, stoppedAt: null });
    expect(listenOffer(answered)).toEqual({ resume: false, start: true, startCounts: false });
  });

  it('counts nothing when the answer stops the play, and the next question goes on with it', () => {
    const playing = pressed(initialListens(0), 'start').next;
    // Submit pressed 7.5 s in: stopped, kept as unfinished, no listen spent.
    const stopped = stop(playing, 7.5);
    expect(stopped).toEqual({ counted: 0, counting: 0, playing: false, stoppedAt: 7.5 });
    expect(listensLeft(stopped)).toBe(2);

    // The clip's next question (a new player, from the kept position): resume is the same play.
    const next = initialListens(stopped.counted, stopped.stoppedAt);
    expect(listenOffer(next)).toEqual({ resume: true, start: true, startCounts: true });
    const resumed = pressed(next, 'resume');
    expect(resumed.count).toBe(0);
    expect(resumed.from).toBe(7.5);
    expect(end(resumed.next).count).toBe(1);
  });

  it('counts the unfinished play when the learner starts again from the beginning', () => {
    const stopped = stop(pressed(initialListens(0), 'start').next, 12);
    const again = pressed(stopped, 'start');
    expect(again.count).toBe(1);
    expect(again.from).toBe(0);
    expect(again.next).toEqual({ counted: 0, counting: 1, playing: true, stoppedAt: null });
    expect(listensLeft(again.next)).toBe(1);
    // The new play is the second listen, counted at its end: then none is left.
    const after = counted(end(counted(again.next, 1)).next, 2);
    expect(listensLeft(after)).toBe(0);
    expect(listenOffer(after)).toEqual({ resume: false, start: false, startCounts: false });
  });

  it('pausing and resuming is one play, however often', () => {
    let s = pressed(initialListens(0), 'start').next;
    for (const at of [3, 6, 9]) {
      s = stop(s, at);
      const step = pressed(s, 'resume');
      expect(step.count).toBe(0);
      expect(step.from).toBe(at);
      s = step.next;
    }
    expect(end(s).count).toBe(1);
  });

  it('never gives more than two hearings without counting both', () => {
    // One listen counted; the second play is stopped halfway by an answer.
    const second = stop(pressed(playThrough(initialListens(0)), 'start').next, 10);
    expect(listensLeft(second)).toBe(1);
    // Only the rest of that play is offered: starting again would be a third listen.
    expect(listenOffer(second)).toEqual({ resume: true, start: false, startCounts: true });
    expect(press(second, 'start')).toBeNull();
    const resumed = pressed(second, 'resume');
    const done = counted(end(resumed.next).next, 2);
    expect(listenOffer(done)).toEqual({ resume: false, start: false, startCounts: false });
    expect(press(done, 'start')).toBeNull();
    expect(press(done, 'resume')).toBeNull();
  });

  it('offers nothing while a play is under way or a count is on its way', () => {
    const playing = pressed(initialListens(0), 'start').next;
    expect(listenOffer(playing)).toEqual({ resume: false, start: false, startCounts: false });
    expect(press(playing, 'start')).toBeNull();
    expect(listenOffer(end(playing).next).start).toBe(false);
  });

  it('treats a play stopped within its first second as never heard', () => {
    const stopped = stop(pressed(initialListens(1), 'start').next, 0.4);
    expect(stopped.stoppedAt).toBeNull();
    expect(listenOffer(stopped)).toEqual({ resume: false, start: true, startCounts: false });
  });

  it('ignores a stop when nothing plays, and restores the state when the sound cannot start', () => {
    const idle = initialListens(1, 4);
    expect(stop(idle, 9)).toBe(idle);
    const step = pressed(idle, 'resume');
    expect(failedToStart(idle)).toEqual(idle);
    expect(step.next.stoppedAt).toBeNull();
  });

  it("takes the server's word: refused means both listens are gone; a lost count is spent here", () => {
    const restarting = pressed(stop(pressed(initialListens(0), 'start').next, 5), 'start').next;
    expect(counted(restarting, 'refused')).toEqual({
      counted: 2,
      counting: 0,
      playing: false,
      stoppedAt: null,
    });
    const ended = end(pressed(initialListens(0), 'start').next).next;
    expect(counted(ended, 'failed')).toMatchObject({ counted: 1, counting: 0 });
    // A count from another device never lowers what is known.
    expect(counted({ ...ended, counted: 1 }, 1).counted).toBe(1);
  });
});

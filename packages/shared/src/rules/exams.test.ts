import { describe, expect, it } from 'vitest';
import {
  acceptsAnswers,
  attemptDeadline,
  closingTime,
  countdownFrom,
  countdownRemaining,
  examDisplay,
  extraMinutes,
  isLearnersSemester,
  isWarningTime,
  minutesLeft,
  syncCountdown,
} from './exams.js';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const window = { examBegin: '2026-12-01T08:00:00.000Z', examEnd: '2026-12-01T12:00:00.000Z' };

describe('exam timing (SPEC §4, §6, §9; issue 12)', () => {
  it('adds additionalTimeOnce to additionalTime, ignoring negative values', () => {
    expect(extraMinutes({ additionalTime: 30, additionalTimeOnce: 10 })).toBe(40);
    expect(extraMinutes({ additionalTime: -5, additionalTimeOnce: 0 })).toBe(0);
  });

  it('shows an exam not started, in progress, then finished; extra time pushes the closing back', () => {
    expect(examDisplay(window, 0, at('2026-12-01T07:59:59Z'))).toBe('not-started');
    expect(examDisplay(window, 0, at('2026-12-01T08:00:00Z'))).toBe('in-progress');
    expect(examDisplay(window, 0, at('2026-12-01T12:00:00Z'))).toBe('finished');
    expect(examDisplay(window, 30, at('2026-12-01T12:10:00Z'))).toBe('in-progress');
    expect(closingTime(window, 30)).toBe(at('2026-12-01T12:30:00Z'));
    expect(examDisplay({ examBegin: null, examEnd: null }, 0, 0)).toBe('unscheduled');
    expect(examDisplay({ examBegin: 'not a date', examEnd: null }, 0, 0)).toBe('unscheduled');
  });

  it('sets the deadline at start + duration + extra time, never past the closing time', () => {
    const start = at('2026-12-01T09:00:00Z');
    expect(attemptDeadline(start, 90, 0, window)).toBe(start + 90 * MIN);
    expect(attemptDeadline(start, 90, 30, window)).toBe(start + 120 * MIN);
    const late = at('2026-12-01T11:30:00Z');
    expect(attemptDeadline(late, 90, 0, window)).toBe(at('2026-12-01T12:00:00Z'));
    expect(attemptDeadline(late, 90, 30, window)).toBe(at('2026-12-01T12:30:00Z'));
    expect(attemptDeadline(late, 90, 0, { examBegin: window.examBegin, examEnd: null })).toBe(
      late + 90 * MIN,
    );
  });

  it('accepts answers up to a grace minute after the deadline', () => {
    const deadline = at('2026-12-01T10:30:00Z');
    expect(acceptsAnswers(deadline, deadline + 60_000)).toBe(true);
    expect(acceptsAnswers(deadline, deadline + 60_001)).toBe(false);
  });

  it('warns with five minutes left and says how many minutes remain', () => {
    expect(isWarningTime(5 * MIN + 1)).toBe(false);
    expect(isWarningTime(5 * MIN)).toBe(true);
    expect(isWarningTime(0)).toBe(false);
    expect(minutesLeft(5 * MIN)).toBe(5);
    expect(minutesLeft(4 * MIN + 1)).toBe(5);
    expect(minutesLeft(20_000)).toBe(1);
  });

  it('counts down from the server deadline whatever the browser clock says', () => {
    // The browser's clock is 10 minutes slow.
    const local = at('2026-12-01T08:50:00Z');
    const countdown = countdownFrom(
      { deadline: '2026-12-01T10:30:00.000Z', serverNow: '2026-12-01T09:00:00.000Z' },
      local,
    );
    expect(countdownRemaining(countdown, local)).toBe(90 * MIN);
    expect(countdownRemaining(countdown, local + 30 * MIN)).toBe(60 * MIN);
  });

  it('corrects the countdown only when it is more than 3 s off the server', () => {
    const countdown = { deadline: at('2026-12-01T10:30:00Z'), offset: 0 };
    const local = at('2026-12-01T10:00:00Z');
    const close = syncCountdown(
      countdown,
      { deadline: '2026-12-01T10:30:00.000Z', remainingMs: 30 * MIN - 2_000 },
      local,
    );
    expect(close).toEqual(countdown);
    const off = syncCountdown(
      countdown,
      { deadline: '2026-12-01T10:30:00.000Z', remainingMs: 25 * MIN },
      local,
    );
    expect(countdownRemaining(off, local)).toBe(25 * MIN);
    // Time added by staff moves the deadline; the clock stays.
    const extended = syncCountdown(
      countdown,
      { deadline: '2026-12-01T10:40:00.000Z', remainingMs: 40 * MIN },
      local,
    );
    expect(extended).toEqual({ deadline: at('2026-12-01T10:40:00Z'), offset: 0 });
  });

  it("shows a group's exams for the learner's semester and the semesters they catch up", () => {
    expect(isLearnersSemester(3, { semester: 3, catchUp: [] })).toBe(true);
    expect(isLearnersSemester(1, { semester: 3, catchUp: [1] })).toBe(true);
    expect(isLearnersSemester(2, { semester: 3, catchUp: [1] })).toBe(false);
    expect(isLearnersSemester(null, { semester: null, catchUp: [] })).toBe(true);
  });
});

import { EXAM_CLOCK_TOLERANCE_MS, EXAM_GRACE_MS, EXAM_WARNING_MINUTES } from '../constants.js';
import { formatDecimal } from './numbers.js';

/**
 * The timing rules of the timed exams (SPEC §4 Timer and Exam display, §6 additionalTime, §9;
 * issue 12), pure so that the server (which decides) and the browser (which shows) read the same
 * rules. Time is the server's: the browser only displays a countdown towards the server's deadline.
 */

const MINUTE_MS = 60_000;

/** SPEC §3: additionalTimeOnce is added to additionalTime. Negative values count as none. */
export function extraMinutes(user: { additionalTime: number; additionalTimeOnce: number }): number {
  return Math.max(0, user.additionalTime) + Math.max(0, user.additionalTimeOnce);
}

export interface ExamWindow {
  examBegin: string | null;
  examEnd: string | null;
}

const instant = (value: string | null): number | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * When the exam closes for this learner: its end pushed back by their extra time (issue 12), so
 * that a learner with extra time who starts at the last minute keeps it. Null: no end set.
 */
export function closingTime(window: ExamWindow, extra: number): number | null {
  const end = instant(window.examEnd);
  return end === null ? null : end + extra * MINUTE_MS;
}

/**
 * SPEC §4 "Exam display": not started before the begin, in progress until the learner's closing
 * time, finished after it. An exam without a begin date is not scheduled.
 */
export type ExamDisplay = 'unscheduled' | 'not-started' | 'in-progress' | 'finished';

export function examDisplay(window: ExamWindow, extra: number, now: number): ExamDisplay {
  const begin = instant(window.examBegin);
  if (begin === null) return 'unscheduled';
  if (now < begin) return 'not-started';
  const closing = closingTime(window, extra);
  return closing !== null && now >= closing ? 'finished' : 'in-progress';
}

/**
 * An attempt's deadline: its start plus the exam's duration and the learner's extra time (SPEC
 * §9), but never past the learner's closing time.
 */
export function attemptDeadline(
  start: number,
  durationMinutes: number,
  extra: number,
  window: ExamWindow,
): number {
  const byDuration = start + (durationMinutes + extra) * MINUTE_MS;
  const closing = closingTime(window, extra);
  return closing === null ? byDuration : Math.min(byDuration, closing);
}

/** Answers reaching the server up to a grace minute after the deadline still count (issue 12). */
export function acceptsAnswers(deadline: number, now: number): boolean {
  return now <= deadline + EXAM_GRACE_MS;
}

export function remainingMs(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/** SPEC §9: the warning opens with 5 minutes left (and not once the time is up). */
export function isWarningTime(remaining: number): boolean {
  return remaining > 0 && remaining <= EXAM_WARNING_MINUTES * MINUTE_MS;
}

/** The n of the dialog's 'moins de {n} minutes': whole minutes, rounded up. */
export function minutesLeft(remaining: number): number {
  return Math.max(1, Math.ceil(remaining / MINUTE_MS));
}

/**
 * The browser's countdown: the server's deadline and how far the server's clock is ahead of the
 * browser's (`offset`, ms). It counts down from the deadline rather than by ticks, so a phone that
 * slept or a tab in the background shows the right time when it wakes.
 */
export interface Countdown {
  deadline: number;
  offset: number;
}

export function countdownFrom(report: { deadline: string; serverNow: string }, localNow: number): Countdown {
  return { deadline: Date.parse(report.deadline), offset: Date.parse(report.serverNow) - localNow };
}

export function countdownRemaining(countdown: Countdown, localNow: number): number {
  return remainingMs(countdown.deadline, localNow + countdown.offset);
}

/**
 * A server report (every 15 s) against the countdown: the deadline is taken as given (staff may
 * have added time), and the clock corrected only when the two disagree by more than 3 s, so the
 * display does not jitter with each round trip.
 */
export function syncCountdown(
  countdown: Countdown,
  report: { deadline: string; remainingMs: number },
  localNow: number,
): Countdown {
  const deadline = Date.parse(report.deadline);
  const shown = remainingMs(deadline, localNow + countdown.offset);
  if (Math.abs(shown - report.remainingMs) <= EXAM_CLOCK_TOLERANCE_MS) return { ...countdown, deadline };
  return { deadline, offset: deadline - report.remainingMs - localNow };
}

/** SPEC §2 "/elearning/exam": a group's exams are the learner's when its semester is theirs or one they catch up. */
export function isLearnersSemester(
  groupSemester: number | null,
  learner: { semester: number | null; catchUp: readonly number[] },
): boolean {
  return (
    groupSemester === learner.semester || (groupSemester !== null && learner.catchUp.includes(groupSemester))
  );
}

/** The mark out of 20 as the language writes numbers: 16,25 in French, 16.25 in English. */
export function formatMark(outOf20: number, locale: string): string {
  return formatDecimal(outOf20, locale, 2);
}

import {
  completionRate,
  formatHoursMinutes,
  goal,
  minutesOf,
  objective,
  successRate,
  timeProgress,
  type GlobalResults,
} from '@medenglish/shared';

export interface StudyTimeFigures {
  /** "HHhMM" studied in the group (units and idle time). */
  spent: string;
  /** "HHhMM" of the group's e-learning duration; null when the group has none. */
  required: string | null;
  /** Time progress, 0–100 (SPEC §9). */
  percent: number;
  /** The objective as a percent of the duration, and the same in "HHhMM"; null without a duration. */
  objective: { percent: number; time: string } | null;
}

/**
 * SPEC §9 "Time progress = connection time in minutes / group's elearningDuration × 100; 100 if no
 * duration; idle time of the current group added", and §8 "When the tracker fails, time shows
 * 00h00 / 00h00 with 0 progress" (`unitSeconds` null). Without the idle tracker (null), progress
 * is computed from the unit tracker alone (SPEC §8 1401). A group without a duration has nothing to
 * measure against: the time spent alone, at 100 %, and no objective.
 */
export function studyTimeFigures(input: {
  unitSeconds: number | null;
  idleSeconds: number | null;
  elearningDuration: number | null;
  elearningDurationTarget: number | null;
}): StudyTimeFigures {
  const duration = input.elearningDuration && input.elearningDuration > 0 ? input.elearningDuration : null;
  const target = duration === null ? null : objective(duration, input.elearningDurationTarget);
  const objectiveFigures = target && { percent: target.percent, time: formatHoursMinutes(target.minutes) };
  if (input.unitSeconds === null) {
    return {
      spent: formatHoursMinutes(0),
      required: formatHoursMinutes(0),
      percent: 0,
      objective: objectiveFigures,
    };
  }
  const unitMinutes = minutesOf(input.unitSeconds);
  const idleMinutes = minutesOf(input.idleSeconds ?? 0);
  return {
    spent: formatHoursMinutes(unitMinutes + idleMinutes),
    required: duration === null ? null : formatHoursMinutes(duration),
    percent: timeProgress(unitMinutes, duration, idleMinutes),
    objective: objectiveFigures,
  };
}

export interface QuizFigures {
  /** SPEC §9 success rate and its goal (elearningTarget, default 100). */
  success: number;
  goal: number;
  /** Program completion: units completed out of the group's units. */
  completion: number;
}

/** The two results cards from the global results; all 0 (goal 100) when they are missing. */
export function quizFigures(results: GlobalResults | undefined): QuizFigures {
  if (!results) return { success: 0, goal: goal(null), completion: 0 };
  const [entries, targets] = results;
  return {
    success: successRate(entries),
    goal: goal(targets.elearningTarget),
    completion: completionRate(entries, targets.totalUnits),
  };
}

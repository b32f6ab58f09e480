/**
 * Progress rules of SPEC §9 ("Progress capped at 100 percent…"), shared by the dashboard, the
 * profile and the results screens. All percentages are 0–100, rounded to one decimal.
 */
const cap = (n: number) => Math.min(100, Math.max(0, Math.round(n * 10) / 10));

/**
 * "Time progress = connection time in minutes / group's elearningDuration × 100; 100 if no
 * duration; idle time of the current group added." Capped at 100.
 */
export function timeProgress(minutes: number, elearningDuration: number | null, idleMinutes = 0): number {
  if (!elearningDuration || elearningDuration <= 0) return 100;
  return cap(((minutes + idleMinutes) / elearningDuration) * 100);
}

/**
 * "Objective shown as a percent of the required e-learning duration": the part of the duration
 * the group requires (elearningDurationTarget %, all of it when unset), in minutes and as a percent
 * of the whole duration.
 */
export function objective(
  elearningDuration: number | null,
  elearningDurationTarget: number | null,
): { minutes: number; percent: number } {
  const percent = cap(elearningDurationTarget ?? 100);
  return { minutes: Math.round(((elearningDuration ?? 0) * percent) / 100), percent };
}

export interface UnitResult {
  unit: { isFinalQuiz: boolean; isRise: boolean };
  /** The xAPI verb that set the result (SPEC §3 Unit verb: completed or passed). */
  verb?: string | null;
  result: {
    success?: boolean | null;
    completion?: boolean | null;
    score?: { scaled?: number | null; raw?: number | null; max?: number | null } | null;
  } | null;
}

/**
 * One unit's success, as SPEC §9 reads it: scaled × 100, or raw / max, or 100 when completion and
 * success; a unit with none of these counts 0.
 */
export function unitSuccess(result: UnitResult['result']): number {
  const score = result?.score;
  if (typeof score?.scaled === 'number') return cap(score.scaled * 100);
  if (typeof score?.raw === 'number' && typeof score.max === 'number' && score.max > 0) {
    return cap((score.raw / score.max) * 100);
  }
  return result?.completion && result.success ? 100 : 0;
}

/** "Success rate = average over final-quiz and RISE units of …"; 0 when there is no such unit. */
export function successRate(results: readonly UnitResult[]): number {
  const counted = results.filter((r) => r.unit.isFinalQuiz || r.unit.isRise);
  if (counted.length === 0) return 0;
  return cap(counted.reduce((sum, r) => sum + unitSuccess(r.result), 0) / counted.length);
}

/**
 * A unit is finished when completed or passed (SPEC §4 Unit), whichever way its package says it;
 * a failed chapter quiz is not, even though the attempt itself was completed.
 */
export function isUnitFinished(r: Pick<UnitResult, 'verb' | 'result'>): boolean {
  if (r.verb === 'failed' || r.result?.success === false) return false;
  return r.verb === 'completed' || r.verb === 'passed' || r.result?.completion === true;
}

/** Program completion: the share of the units finished (completed or passed). */
export function completionRate(results: readonly UnitResult[], totalUnits = results.length): number {
  if (totalUnits <= 0) return 0;
  return cap((results.filter(isUnitFinished).length / totalUnits) * 100);
}

/** "Goal shown is elearningTarget, default 100." */
export function goal(elearningTarget: number | null | undefined): number {
  return typeof elearningTarget === 'number' ? cap(elearningTarget) : 100;
}

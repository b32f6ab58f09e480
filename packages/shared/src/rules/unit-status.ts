import { isUnitFinished, unitSuccess, type UnitResult } from './progress.js';

/**
 * SPEC §4 Unit: "not started, in progress, finished (completed), or passed with a score. Progress
 * at 100% is shown as completed." A failed chapter quiz stays in progress (the learner retries)
 * but keeps its score, so the results screen can show it.
 */
export type UnitStatus = 'notStarted' | 'inProgress' | 'completed' | 'passed';

export interface UnitStatusInput {
  verb: UnitResult['verb'];
  result: UnitResult['result'];
  /** Seconds spent in the unit: time alone means the learner opened it. */
  time?: number;
}

export function unitStatus({ verb, result, time = 0 }: UnitStatusInput): UnitStatus {
  if (verb === 'passed') return 'passed';
  if (isUnitFinished({ verb, result })) return 'completed';
  if (verb || result || time > 0) return 'inProgress';
  return 'notStarted';
}

/** The score to show, 0–100, when the unit reported one (scaled, raw / max, or success). */
export function unitScorePercent(result: UnitResult['result']): number | null {
  if (!result?.score && !(result?.completion && result.success)) return null;
  return unitSuccess(result);
}

/** Percent of units finished, for a module's progress bar. */
export function moduleCompletion(units: readonly Pick<UnitStatusInput, 'verb' | 'result'>[]): number {
  if (units.length === 0) return 0;
  const finished = units.filter((u) => isUnitFinished(u)).length;
  return Math.round((finished / units.length) * 1000) / 10;
}

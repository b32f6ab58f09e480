import {
  formatHoursMinutes,
  messages,
  minutesOf,
  unitScorePercent,
  unitStatus,
  type CourseModule,
  type ModuleUnit,
  type UnitInfo,
  type UnitStatus,
} from '@medenglish/shared';

const t = messages.elearning;

export interface UnitStatusView {
  status: UnitStatus;
  /** The score to show, 0–100, when the unit reported one. */
  score: number | null;
}

/**
 * SPEC §4 Unit: "not started, in progress, finished (completed), or passed with a score. Progress
 * at 100% is shown as completed." — a unit passed at 100 % reads completed.
 */
export function unitStatusView(unit: Pick<ModuleUnit, 'verb' | 'result' | 'time'>): UnitStatusView {
  const status = unitStatus(unit);
  const score = unitScorePercent(unit.result);
  return { status: status === 'passed' && score === 100 ? 'completed' : status, score };
}

/** The status as the learner reads it: 'Réussi · 85 %' for a passed unit with its score. */
export function unitStatusLabel({ status, score }: UnitStatusView): string {
  if (status === 'passed' && score !== null) return t.passedWithScore(score);
  return t.status[status];
}

/** SPEC §2 "a 'Go to Unit/Quiz' button": Quiz for the module's final quiz. */
export function goToAction(isFinalQuiz: boolean): string {
  return isFinalQuiz ? t.results.goToQuiz : t.results.goToUnit;
}

/** SPEC §9 "Duration shown as hours and minutes" for the seconds spent in a unit: "00h05". */
export function formatTimeSpent(seconds: number): string {
  return formatHoursMinutes(minutesOf(seconds));
}

/** SPEC §2 /elearning/course/{moduleName or moduleId}: the module named by its key, id or name. */
export function findModule(modules: readonly CourseModule[], param: string): CourseModule | undefined {
  return (
    modules.find((m) => m.key === param) ??
    modules.find((m) => m._id === param) ??
    modules.find((m) => m.name === param)
  );
}

/**
 * The unit whose frame shows: a module of a single unit shows it directly (SPEC §2 "With a single
 * unit there is no side menu"), others the selected one; null for the objectives (an unknown id
 * too, say a unit since removed from the module).
 */
export function openUnit(module: Pick<CourseModule, 'units'>, selected: string | null): UnitInfo | null {
  if (module.units.length === 1) return module.units[0]!.unit;
  return module.units.find((u) => u.unit._id === selected)?.unit ?? null;
}

/** SPEC §2 "Route state holds title and selectedUnit" (the module's name, the unit's id). */
export interface CourseRouteState {
  title: string;
  selectedUnit?: string;
}

export function modulePath(module: Pick<CourseModule, 'key'>): string {
  return `/elearning/course/${encodeURIComponent(module.key)}`;
}

/** The search that opens a unit on its module page; kept in the address for reloads and links. */
export function unitSearch(unitId: string): string {
  return `?${new URLSearchParams({ unit: unitId }).toString()}`;
}

/** Where a link opens `unitId` of `module`: the address and the route state. */
export function unitLink(module: Pick<CourseModule, 'key' | 'name'>, unitId: string) {
  return {
    to: { pathname: modulePath(module), search: unitSearch(unitId) },
    state: { title: module.name, selectedUnit: unitId } satisfies CourseRouteState,
  };
}

/**
 * The unit to show: the address's ?unit= first (reload, deep link), else the route state's
 * selectedUnit (links that only set the state, like the dashboard's last activity); null for the
 * module's objectives.
 */
export function selectedUnitId(search: URLSearchParams, state: unknown): string | null {
  const fromSearch = search.get('unit');
  if (fromSearch) return fromSearch;
  const fromState = (state as Partial<CourseRouteState> | null)?.selectedUnit;
  return typeof fromState === 'string' && fromState !== '' ? fromState : null;
}

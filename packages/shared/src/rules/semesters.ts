/** SPEC §9: semesters 1 to 10. */
export const SEMESTER_MIN = 1;
export const SEMESTER_MAX = 10;
export const ALL_SEMESTERS: readonly number[] = Array.from(
  { length: SEMESTER_MAX - SEMESTER_MIN + 1 },
  (_, i) => SEMESTER_MIN + i,
);

export interface SemesterDates {
  semester: number;
  /** ISO dates, YYYY-MM-DD. */
  beginDate: string;
  endDate: string;
  catchUpDate?: string | null;
}

/** True when today (YYYY-MM-DD, server date) lies in [beginDate, endDate] inclusive. */
export function isSemesterInRange(dates: SemesterDates, today: string): boolean {
  return dates.beginDate <= today && today <= dates.endDate;
}

/**
 * SPEC §5 "Semester choice": 1 to 10, or restricted to the company's semesters that are in date
 * range and have groups. A company that has no semester calendar offers 1 to 10.
 */
export function selectableSemesters(
  calendar: readonly SemesterDates[],
  groupSemesters: readonly number[],
  today: string,
): number[] {
  if (calendar.length === 0) return [...ALL_SEMESTERS];
  const withGroups = new Set(groupSemesters);
  return calendar
    .filter((s) => withGroups.has(s.semester) && isSemesterInRange(s, today))
    .map((s) => s.semester)
    .sort((a, b) => a - b);
}

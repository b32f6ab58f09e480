import type { SemesterDates } from './semesters.js';

/** SPEC §9 "Dashboard upcoming exams: at most 3." */
export const UPCOMING_EXAMS_MAX = 3;

export interface ExamItem {
  semester: number | null;
  exam: { examBegin: string | null; level: number; catchUp: boolean };
}

/**
 * SPEC §5 "Dashboard upcoming exams: at most 3, sorted by examBegin, only level 1 items of the
 * student's semester or catch-up ones that begin later than today": level 1 items of the
 * student's own semester (for a path learner, semester null, those of their path group), and the
 * catch-up sessions (catchUp true) of the semesters in the student's catch-up list. "Later than
 * today" compares days in the display time zone: an exam later today is today's, not upcoming.
 * An unreadable date is left out.
 */
export function upcomingExams<T extends ExamItem>(
  items: readonly T[],
  student: { semester: number | null; catchUp: readonly number[] },
  today: string,
  dayOf: (instant: string) => string,
): T[] {
  return items
    .filter((item) => {
      const begin = item.exam.examBegin;
      if (item.exam.level !== 1 || !begin || Number.isNaN(Date.parse(begin)) || dayOf(begin) <= today) {
        return false;
      }
      const ownSemester = item.semester === student.semester;
      const catchUp = item.exam.catchUp && item.semester != null && student.catchUp.includes(item.semester);
      return ownSemester || catchUp;
    })
    .sort((a, b) => Date.parse(a.exam.examBegin!) - Date.parse(b.exam.examBegin!))
    .slice(0, UPCOMING_EXAMS_MAX);
}

/**
 * SPEC §4 "The shown semester is the current one and becomes the next once the current end date
 * has passed": the first semester (in calendar order) whose end date is today or later; the last
 * one when all have ended. `own` is the learner's semester, shown when it is still running.
 */
export function shownSemester(
  calendar: readonly SemesterDates[],
  today: string,
  own: number | null,
): SemesterDates | undefined {
  // ISO days sort as plain strings; localeCompare would wake the collator on a phone's first screen.
  const sorted = [...calendar].sort((a, b) =>
    a.beginDate < b.beginDate ? -1 : a.beginDate > b.beginDate ? 1 : 0,
  );
  const mine = sorted.find((s) => s.semester === own);
  if (mine && mine.endDate >= today) return mine;
  return sorted.find((s) => s.endDate >= today && (!mine || s.beginDate >= mine.beginDate)) ?? sorted.at(-1);
}

/**
 * SPEC §9 "News shown for the current year or the previous year's later months": news of this
 * year, and of last year's months after the current one — a rolling twelve months by month.
 */
export function isNewsShown(createdDay: string, today: string): boolean {
  const [year, month] = [Number(createdDay.slice(0, 4)), Number(createdDay.slice(5, 7))];
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  if (year === thisYear) return true;
  return year === thisYear - 1 && month > thisMonth;
}

/** SPEC §9 "Duration shown as hours and minutes": 0 h 05 → "00h05", 26 h 40 → "26h40". */
export function formatHoursMinutes(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}h${String(minutes % 60).padStart(2, '0')}`;
}

/** Whole minutes of a number of seconds (study time is stored in seconds). */
export function minutesOf(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / 60);
}

/** SPEC §2: the group card shows when the student's semester equals the group's. */
export function showsGroupCard(studentSemester: number | null, groupSemester: number | null): boolean {
  return studentSemester != null && studentSemester === groupSemester;
}

interface GroupLike {
  _id: string;
  semester: number | null;
}

/**
 * The group a screen shows: the stored choice while it is still one of the learner's groups, else
 * the group of their own semester, else the first (most recent) one.
 */
export function pickCurrentGroup<G extends GroupLike>(
  groups: readonly G[],
  storedId: string | null,
  semester: number | null | undefined,
): G | undefined {
  return (
    groups.find((g) => g._id === storedId) ??
    groups.find((g) => semester != null && g.semester === semester) ??
    groups[0]
  );
}

export interface DashboardLearner {
  _id: string;
  email: string;
  company: string;
  semester: number | null;
}

const segment = encodeURIComponent;

/**
 * Every GET the dashboard's cards make for this learner and group, as API paths under /api, built
 * as the web app builds them. The server answers them into the page of a signed-in /dashboard visit
 * (apps/server/src/web-page) and the web app starts the same reads when its dashboard chunk arrives
 * (apps/web/src/features/dashboard/dashboard-prefetch.ts), so a phone draws every card once, with
 * its data, instead of a skeleton then a second render per answer (issue 10). One list for both
 * sides: a path built differently on one side would silently miss.
 */
export function dashboardCalls(user: DashboardLearner, group: GroupLike): string[] {
  const userId = segment(user._id);
  const groupId = segment(group._id);
  const companyId = segment(user.company);
  const calls = [
    `/companyData/${companyId}`,
    `/group/exam/${userId}`,
    `/examtype1/user/${userId}`,
    `/unittrackers/latest/${userId}/${groupId}`,
    `/unittrackers/user/${userId}/${groupId}`,
    `/idletracker/user/${userId}/${groupId}`,
    `/results/global/${userId}/${segment(user.email)}/${groupId}`,
    `/notifications/custom/${userId}/${companyId}/Student`,
    `/funfact`,
    `/survey/single/${userId}/Students/${user.semester ?? 0}/${companyId}`,
  ];
  if (showsGroupCard(user.semester, group.semester))
    calls.push(
      `/googlestorage/files/distribution/${companyId}/${groupId}`,
      `/googlestorage/files/meeting/${companyId}/${groupId}`,
    );
  return calls;
}

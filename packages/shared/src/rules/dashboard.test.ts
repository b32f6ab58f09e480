import { describe, expect, it } from 'vitest';
import {
  dashboardCalls,
  pickCurrentGroup,
  formatHoursMinutes,
  isNewsShown,
  minutesOf,
  showsGroupCard,
  shownSemester,
  upcomingExams,
} from './dashboard.js';

const exam = (semester: number | null, examBegin: string | null, level = 1, catchUp = false) => ({
  semester,
  exam: { examBegin, level, catchUp },
});
const dayOf = (instant: string) => instant.slice(0, 10);

describe('SPEC §5 dashboard upcoming exams', () => {
  const student = { semester: 3, catchUp: [1] };
  const today = '2026-11-22';

  it('keeps level 1 items of the student semester, and catch-up sessions of catch-up semesters, after today', () => {
    const items = [
      exam(3, '2026-12-02T08:00:00Z'),
      exam(1, '2026-12-01T08:00:00Z', 1, true), // a catch-up session of semester 1
      exam(2, '2026-11-30T08:00:00Z'), // another semester
      exam(3, '2026-11-25T08:00:00Z', 2), // level 2
      exam(3, '2026-11-22T18:00:00Z'), // today, not later than today
      exam(3, '2026-11-20T08:00:00Z'), // past
      exam(3, null), // no date
      exam(1, '2026-12-03T08:00:00Z'), // semester 1's regular exam: not a catch-up session
      exam(3, 'not a date'),
    ];
    expect(upcomingExams(items, student, today, dayOf)).toEqual([items[1], items[0]]);
  });

  it('sorts by examBegin and keeps at most 3', () => {
    const items = ['2027-01-04', '2026-12-01', '2026-12-20', '2026-11-23'].map((d) =>
      exam(3, `${d}T09:00:00Z`),
    );
    expect(upcomingExams(items, student, today, dayOf).map((i) => i.exam.examBegin!.slice(0, 10))).toEqual([
      '2026-11-23',
      '2026-12-01',
      '2026-12-20',
    ]);
  });

  it('shows nothing to a learner without semester and catch-up', () => {
    expect(
      upcomingExams([exam(3, '2026-12-02T08:00:00Z')], { semester: null, catchUp: [] }, today, dayOf),
    ).toEqual([]);
  });
});

describe('SPEC §4 shown semester: the current one, then the next once its end date has passed', () => {
  const calendar = [
    { semester: 3, beginDate: '2026-09-01', endDate: '2027-01-31' },
    { semester: 4, beginDate: '2027-02-01', endDate: '2027-06-30' },
  ];
  it('is the learner semester while it runs, including its last day', () => {
    expect(shownSemester(calendar, '2026-11-22', 3)?.semester).toBe(3);
    expect(shownSemester(calendar, '2027-01-31', 3)?.semester).toBe(3);
  });
  it('moves to the next the day after the end date', () => {
    expect(shownSemester(calendar, '2027-02-01', 3)?.semester).toBe(4);
  });
  it('stays on the last one when every semester has ended', () => {
    expect(shownSemester(calendar, '2027-08-01', 3)?.semester).toBe(4);
  });
  it('is undefined without a calendar', () => {
    expect(shownSemester([], '2026-11-22', 3)).toBeUndefined();
  });
});

describe('SPEC §9 news window: the current year or the previous year later months', () => {
  it.each([
    ['2026-01-03', '2026-11-22', true],
    ['2025-12-10', '2026-11-22', true],
    ['2025-11-30', '2026-11-22', false], // same month last year: more than a year ago by month
    ['2024-12-10', '2026-11-22', false],
    ['2025-03-01', '2026-02-15', true],
    ['2025-02-20', '2026-02-15', false],
  ])('%s shown on %s: %s', (created, today, shown) => expect(isNewsShown(created, today)).toBe(shown));
});

describe('SPEC §9 durations as hours and minutes', () => {
  it.each([
    [0, '00h00'],
    [5, '00h05'],
    [60, '01h00'],
    [1600, '26h40'],
    [-3, '00h00'],
  ])('%i min → %s', (minutes, text) => expect(formatHoursMinutes(minutes)).toBe(text));
  it('counts whole minutes of seconds', () => {
    expect(minutesOf(119)).toBe(1);
    expect(minutesOf(120)).toBe(2);
  });
});

describe('SPEC §2 group card when the student semester equals the group semester', () => {
  it('needs both semesters and equal', () => {
    expect(showsGroupCard(3, 3)).toBe(true);
    expect(showsGroupCard(3, 1)).toBe(false);
    expect(showsGroupCard(null, null)).toBe(false);
  });
});

describe('the group a screen shows', () => {
  const groups = [
    { _id: 'g-recent', semester: 4 },
    { _id: 'g-own', semester: 3 },
    { _id: 'g-old', semester: 1 },
  ];
  it('is the stored choice while it is still one of the groups', () => {
    expect(pickCurrentGroup(groups, 'g-old', 3)?._id).toBe('g-old');
  });
  it("else the group of the learner's semester, else the first (most recent)", () => {
    expect(pickCurrentGroup(groups, 'g-gone', 3)?._id).toBe('g-own');
    expect(pickCurrentGroup(groups, null, 5)?._id).toBe('g-recent');
    expect(pickCurrentGroup(groups, null, null)?._id).toBe('g-recent');
    expect(pickCurrentGroup([], null, 3)).toBeUndefined();
  });
});

describe("the dashboard's first reads", () => {
  const user = { _id: 'u/1', email: 'léa+s3@example.fr', company: 'c 1', semester: 3 };
  it('names every card read once, each path segment encoded as the web app encodes it', () => {
    const calls = dashboardCalls(user, { _id: 'g?1', semester: 3 });
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls).toContain('/results/global/u%2F1/l%C3%A9a%2Bs3%40example.fr/g%3F1');
    expect(calls).toContain('/survey/single/u%2F1/Students/3/c%201');
    expect(calls).toContain('/googlestorage/files/meeting/c%201/g%3F1');
  });
  it("leaves out the group's files when its card is not shown, and asks semester 0 for a path learner", () => {
    const calls = dashboardCalls({ ...user, semester: null }, { _id: 'g1', semester: 3 });
    expect(calls.some((call) => call.startsWith('/googlestorage/'))).toBe(false);
    expect(calls).toContain('/survey/single/u%2F1/Students/0/c%201');
  });
});

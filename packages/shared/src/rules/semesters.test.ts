import { describe, expect, it } from 'vitest';
import { ALL_SEMESTERS, selectableSemesters } from './semesters.js';

const calendar = [
  { semester: 1, beginDate: '2026-01-05', endDate: '2026-06-30' },
  { semester: 2, beginDate: '2026-01-05', endDate: '2026-06-30' },
  { semester: 3, beginDate: '2026-09-01', endDate: '2027-01-31' },
];

describe('SPEC §5 semester choice: 1 to 10, or the company semesters in date range with groups', () => {
  it('offers 1 to 10 to a company without a calendar', () => {
    expect(selectableSemesters([], [], '2026-03-01')).toEqual(ALL_SEMESTERS);
    expect(ALL_SEMESTERS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('keeps only semesters in range that have groups', () => {
    expect(selectableSemesters(calendar, [1, 3], '2026-03-01')).toEqual([1]);
    expect(selectableSemesters(calendar, [1, 2, 3], '2026-03-01')).toEqual([1, 2]);
    expect(selectableSemesters(calendar, [1, 2, 3], '2026-10-01')).toEqual([3]);
  });
  it('includes the first and last day of a semester', () => {
    expect(selectableSemesters(calendar, [3], '2026-09-01')).toEqual([3]);
    expect(selectableSemesters(calendar, [3], '2027-01-31')).toEqual([3]);
    expect(selectableSemesters(calendar, [3], '2027-02-01')).toEqual([]);
  });
});

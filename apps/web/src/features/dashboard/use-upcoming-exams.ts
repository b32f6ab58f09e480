import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dayInTimeZone, upcomingExams, type GroupExam, type User } from '@medenglish/shared';
import { groupExamsQuery } from './dashboard-api';

/**
 * SPEC §5 "Dashboard upcoming exams": at most 3, sorted by begin date, level 1 exams of the
 * learner's semester or catch-up semesters beginning after the server's today (the browser's day
 * while GET /time fails, for display only). A failed call is silent (SPEC §8 "Other failures are
 * silent"): no exam is listed.
 */
export function useUpcomingExams(
  user: Pick<User, '_id' | 'semester' | 'catchUp'>,
  today: string | undefined,
  timeZone: string,
): { exams: GroupExam[]; isPending: boolean } {
  const query = useQuery(groupExamsQuery(user._id));
  const { semester, catchUp } = user;
  const exams = useMemo(() => {
    if (!query.data || !today) return [];
    const dayOf = (instant: string) => dayInTimeZone(new Date(instant), timeZone);
    return upcomingExams(query.data, { semester, catchUp }, today, dayOf);
  }, [query.data, today, timeZone, semester, catchUp]);
  return { exams, isPending: query.isPending || (!query.isError && today === undefined) };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WrittenExam } from '@medenglish/shared';
import { api } from '../lib/api';

/** GET /examresult/{userId}: the learner's written exams (issue 13), for the exam page. */
export const writtenResultsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['written-exams', userId] as const,
    queryFn: ({ signal }) => api.get<WrittenExam[]>(`/examresult/${encodeURIComponent(userId)}`, { signal }),
    refetchOnWindowFocus: true,
  });

export function useWrittenResults(userId: string) {
  return useQuery(writtenResultsQuery(userId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamResult } from '@medenglish/shared';
import { api } from '../lib/api';

/**
 * GET /examtype1/user/{userId}: the learner's exam attempts with their results (issue 12), read by
 * the exam page, the results page and the dashboard's Exams tab.
 */
export const examResultsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['exam-attempts', userId] as const,
    queryFn: ({ signal }) =>
      api.get<ExamResult[]>(`/examtype1/user/${encodeURIComponent(userId)}`, { signal }),
    refetchOnWindowFocus: true,
  });

export function useExamResults(userId: string) {
  return useQuery(examResultsQuery(userId));
}

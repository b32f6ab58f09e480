import { queryOptions } from '@tanstack/react-query';
import type { EvaluoExam } from '@medenglish/shared';
import { api } from '../../lib/api';

export interface EvaluoLearner {
  _id: string;
  company: string;
  semester: number;
  evaluoId?: string | null;
}

/**
 * SPEC §7: the learner's exams at the provider — by their student id when they have one, else
 * among their school's (the server keeps only those naming their e-mail).
 */
export const evaluoExamsQuery = (learner: EvaluoLearner) => {
  const company = encodeURIComponent(learner.company);
  const path = learner.evaluoId
    ? `/evaluo/get-exams/student/${company}/${learner.semester}/${encodeURIComponent(learner.evaluoId)}`
    : `/evaluo/get-exams/${company}/${learner.semester}`;
  return queryOptions({
    queryKey: ['evaluo-exams', learner._id, learner.semester, learner.evaluoId ?? null] as const,
    queryFn: ({ signal }) => api.get<EvaluoExam[]>(path, { signal }),
    // A provider that does not answer is said at once; the learner retries from the page.
    retry: false,
    refetchOnWindowFocus: true,
  });
};

/** POST /evaluo/token/user-token: the provider's signed-in address of one of the learner's links. */
export async function signedEvaluoLink(userId: string, url: string): Promise<string> {
  return (await api.post<{ url: string }>('/evaluo/token/user-token', { userId, url })).url;
}

/** POST /student/sendnewmail: the confirmation link again (issue 32: the match waits for it). */
export const resendConfirmation = () => api.post<{ message: string }>('/student/sendnewmail', {});

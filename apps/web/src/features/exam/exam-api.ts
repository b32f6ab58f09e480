import type { ExamAnswerInput, ExamAttempt, ExamAttemptStatus } from '@medenglish/shared';
import { api } from '../../lib/api';

/**
 * The quiz exam calls of SPEC §7 (issue 12). The server keeps the time and decides everything;
 * these only carry the learner's answers and read its answers back.
 */

/** A save or a sync that has not answered by then is abandoned and tried again. */
export const EXAM_CALL_TIMEOUT_MS = 15_000;

/** POST /examtype1/init/{activityId}: starts the attempt on the first call, resumes it after. */
export function startExam(poolId: string, userId: string, groupId: string): Promise<ExamAttempt> {
  return api.post<ExamAttempt>(`/examtype1/init/${encodeURIComponent(poolId)}`, { user: userId, groupId });
}

/** PUT /examtype1/{testId}: answers not acknowledged yet, in order; isFinished sends the exam. */
export function saveExamAnswers(
  testId: string,
  body: { answers: ExamAnswerInput[]; isFinished?: boolean; time?: number },
): Promise<ExamAttemptStatus> {
  return api.put<ExamAttemptStatus>(`/examtype1/${encodeURIComponent(testId)}`, body, {
    signal: AbortSignal.timeout(EXAM_CALL_TIMEOUT_MS),
  });
}

/** PUT /examtype1/data/{testId} (every 15 s, SPEC §4 Timer): the server answers its remaining time. */
export function syncExamTimer(testId: string, timer: number): Promise<ExamAttemptStatus> {
  return api.put<ExamAttemptStatus>(
    `/examtype1/data/${encodeURIComponent(testId)}`,
    { timer },
    { signal: AbortSignal.timeout(EXAM_CALL_TIMEOUT_MS) },
  );
}

import type { WrittenExam } from '@medenglish/shared';
import { api } from '../../lib/api';
import { EXAM_CALL_TIMEOUT_MS } from './exam-api';

/** The written exam calls of SPEC §7 (issue 13). */
export interface WrittenRef {
  examFile: string;
  groupId: string;
  userId: string;
}

/** POST /examresult/examfile: opens the exam (the server stores the begin time the first time). */
export function openWritten(ref: WrittenRef): Promise<WrittenExam> {
  return api.post<WrittenExam>('/examresult/examfile', ref);
}

export interface DraftSaved {
  draftSavedAt: string;
  deadline: string;
  serverNow: string;
  remainingMs: number;
}

/** PUT /examresult/draft: the draft as it stands. */
export function saveWrittenDraft(ref: WrittenRef, answer: string): Promise<DraftSaved> {
  return api.put<DraftSaved>(
    '/examresult/draft',
    { ...ref, answer },
    { signal: AbortSignal.timeout(EXAM_CALL_TIMEOUT_MS) },
  );
}

/** POST /examresult: sends the answer (SPEC §7). */
export function sendWrittenAnswer(
  ref: WrittenRef & { companyId: string },
  answer: string,
): Promise<WrittenExam> {
  return api.post<WrittenExam>('/examresult', { ...ref, answer });
}

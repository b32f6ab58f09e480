import type { Deps } from '../../deps.js';
import { PermanentJobError } from '../../integrations/jobs/jobs.js';
import { EXAM_FINISH_JOB, finishByDeadline } from './attempts.service.js';
import { sendWrittenByDeadline, WRITTEN_FINISH_JOB } from './written.service.js';

/** Registers the deadline jobs: every open quiz attempt (issue 12) and written exam (issue 13) is sent at deadline + grace. */
export function registerExamJobs(deps: Pick<Deps, 'db' | 'clock' | 'jobs'>): void {
  deps.jobs.register(EXAM_FINISH_JOB, async (payload) => {
    const attemptId = payload.attemptId;
    if (typeof attemptId !== 'string') throw new PermanentJobError('exam.finish without an attemptId');
    await finishByDeadline(deps, attemptId);
  });
  // Issue 13: a written exam left open is sent with its last draft.
  deps.jobs.register(WRITTEN_FINISH_JOB, async (payload) => {
    const writtenId = payload.writtenId;
    if (typeof writtenId !== 'string') throw new PermanentJobError('written.finish without a writtenId');
    await sendWrittenByDeadline(deps, writtenId);
  });
}

import type { Deps } from '../../deps.js';
import { PermanentJobError } from '../../integrations/jobs/jobs.js';
import { EXAM_FINISH_JOB, finishByDeadline } from './attempts.service.js';

/** Registers the deadline job (issue 12): every open attempt is sent at deadline + grace. */
export function registerExamJobs(deps: Pick<Deps, 'db' | 'clock' | 'jobs'>): void {
  deps.jobs.register(EXAM_FINISH_JOB, async (payload) => {
    const attemptId = payload.attemptId;
    if (typeof attemptId !== 'string') throw new PermanentJobError('exam.finish without an attemptId');
    await finishByDeadline(deps, attemptId);
  });
}

import { EVALUO_DONE_STATE, type EvaluoExam } from '@medenglish/shared';
import {
  providerLink,
  type ProviderExam,
  type ProviderLearner,
  type ProviderStudentExam,
} from '../../integrations/evaluo/provider-protocol.js';

const byStart = (a: EvaluoExam, b: EvaluoExam) =>
  (Date.parse(a.start) || Infinity) - (Date.parse(b.start) || Infinity) || a.name.localeCompare(b.name);

function present(
  exam: Omit<ProviderExam, 'participants'>,
  stateName: string | null,
  publicBase: string,
): EvaluoExam {
  return {
    id: exam.id,
    name: exam.name,
    start: exam.startDate,
    end: exam.endDate,
    durationMinutes: Math.round(exam.duration),
    stateName,
    link: providerLink(publicBase, stateName === EVALUO_DONE_STATE, exam.id),
  };
}

/**
 * SPEC §5 "External exam table": only the exams whose participants include the learner, sorted by
 * start; the other participants never leave the server. The learner is their student id at the
 * provider, or else their e-mail address (compared without case) — a confirmed one only, which
 * the caller checks (issue 32: registering someone's address must not give their exams). Each
 * carries the learner's own state and the link SPEC §2 opens: the copy once Terminé.
 */
export function learnersExams(
  exams: readonly ProviderExam[],
  learner: ProviderLearner,
  publicBase: string,
): EvaluoExam[] {
  const mine = 'email' in learner ? learner.email.trim().toLowerCase() : null;
  const isMe = (p: ProviderExam['participants'][number]) =>
    'studentId' in learner ? p.studentId === learner.studentId : p.email.trim().toLowerCase() === mine;
  return exams
    .flatMap((exam) => {
      const me = exam.participants.find(isMe);
      return me ? [present(exam, me.state?.name ?? null, publicBase)] : [];
    })
    .sort(byStart);
}

/** The same for the provider's per-student list (already the learner's own). */
export function studentsExams(exams: readonly ProviderStudentExam[], publicBase: string): EvaluoExam[] {
  return exams.map((exam) => present(exam, exam.state?.name ?? null, publicBase)).sort(byStart);
}

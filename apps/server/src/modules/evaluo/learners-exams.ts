import { EVALUO_DONE_STATE, type EvaluoExam } from '@medenglish/shared';
import {
  providerLink,
  type ProviderExam,
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
 * SPEC §5 "External exam table": only the exams whose participants include the learner's e-mail
 * (compared as addresses are: without case), sorted by start; the other participants never leave
 * the server. Each carries the learner's own state and the link SPEC §2 opens: the copy once Terminé.
 */
export function learnersExams(
  exams: readonly ProviderExam[],
  email: string,
  publicBase: string,
): EvaluoExam[] {
  const mine = email.trim().toLowerCase();
  return exams
    .flatMap((exam) => {
      const me = exam.participants.find((p) => p.email.trim().toLowerCase() === mine);
      return me ? [present(exam, me.state?.name ?? null, publicBase)] : [];
    })
    .sort(byStart);
}

/** The same for the provider's per-student list (already the learner's own). */
export function studentsExams(exams: readonly ProviderStudentExam[], publicBase: string): EvaluoExam[] {
  return exams.map((exam) => present(exam, exam.state?.name ?? null, publicBase)).sort(byStart);
}

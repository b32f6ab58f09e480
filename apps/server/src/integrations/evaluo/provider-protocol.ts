import { z } from 'zod';

/**
 * The external exam provider's API as our adapter speaks it (decision 0020): JSON over HTTPS with
 * an `X-Api-Key` header; schools are named by our company id, students by their evaluoId. SPEC §7
 * shows only our own calls and the provider's page links (/testStudent/show?id=, /takeExam/index?id=);
 * these are the provider-side calls behind them, written down once for the client and the simulator.
 *
 * - GET  {api}/v1/schools/{schoolId}/exams?semester={n}                      → ProviderExam[]
 * - GET  {api}/v1/schools/{schoolId}/students/{studentId}/exams?semester={n} → ProviderStudentExam[]
 * - POST {api}/v1/token/user-token {studentId | email, url}                   → {url} (signed, short-lived):
 *   the student id where staff set one, else a confirmed address (issue 32)
 * - errors: a status ≥ 400 with {message}; 401 for a wrong key; 429 with Retry-After when throttled.
 */
export const providerState = z.object({ name: z.string() }).nullable();

export const providerParticipant = z.object({
  email: z.string(),
  studentId: z.string().nullable(),
  state: providerState,
});

export const providerExam = z.object({
  id: z.string().min(1),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Minutes. */
  duration: z.number().nonnegative(),
  semester: z.number().int(),
  participants: z.array(providerParticipant),
});
export type ProviderExam = z.infer<typeof providerExam>;

export const providerStudentExam = providerExam.omit({ participants: true }).extend({ state: providerState });
export type ProviderStudentExam = z.infer<typeof providerStudentExam>;

/** Whom a signed link is for: the provider's student id, or else the learner's confirmed address. */
export type ProviderLearner = { studentId: string } | { email: string };

export const providerTokenAnswer = z.object({ url: z.string().url() });

/** The provider's page links (SPEC §7): a learner's copy, or the exam to take. */
export const copyPath = '/testStudent/show';
export const takePath = '/takeExam/index';
export const providerLink = (publicBase: string, done: boolean, examId: string) =>
  `${publicBase}${done ? copyPath : takePath}?id=${encodeURIComponent(examId)}`;

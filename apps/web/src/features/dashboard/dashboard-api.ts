import { queryOptions } from '@tanstack/react-query';
import type { FunFact, GroupExam, Survey } from '@medenglish/shared';
import { api } from '../../lib/api';
import { readJson, storageKeys, writeJson } from '../../lib/storage';

const segment = encodeURIComponent;

/** GET /api/group/exam/{userId}: the exams planned in the learner's groups. */
export const groupExamsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['groupExams', userId] as const,
    queryFn: ({ signal }) => api.get<GroupExam[]>(`/group/exam/${segment(userId)}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });

/**
 * GET /api/funfact, cached in local storage (SPEC §9 "fun facts cached locally"); local storage is
 * cleared at login and logout, so the facts are fetched again once per session at most.
 */
export async function fetchFunFacts(signal?: AbortSignal): Promise<FunFact[]> {
  const cached = readJson<FunFact[]>(storageKeys.funFacts);
  if (Array.isArray(cached) && cached.length > 0) return cached;
  const facts = await api.get<FunFact[]>('/funfact', { signal });
  if (facts.length > 0) writeJson(storageKeys.funFacts, facts);
  return facts;
}

export const funFactsQuery = queryOptions({
  queryKey: ['funfacts'] as const,
  queryFn: ({ signal }) => fetchFunFacts(signal),
  staleTime: Infinity,
});

/** Any id will do when no fact is on screen yet: the server then answers any fact. */
export const NO_FACT_ID = '00000000-0000-0000-0000-000000000000';

/** GET /api/funfact/random/{id}: a fact other than the one on screen. */
export function fetchAnotherFunFact(currentId: string | undefined): Promise<FunFact> {
  return api.get<FunFact>(`/funfact/random/${segment(currentId ?? NO_FACT_ID)}`);
}

/** GET /api/survey/single/{userId}/Students/{semester or 0}/{companyId}: the survey to offer, if any. */
export const surveyQuery = (userId: string, semester: number | null, companyId: string) =>
  queryOptions({
    queryKey: ['survey', userId, semester ?? 0, companyId] as const,
    queryFn: ({ signal }) =>
      api.get<Survey | null>(
        `/survey/single/${segment(userId)}/Students/${semester ?? 0}/${segment(companyId)}`,
        {
          signal,
        },
      ),
    staleTime: Infinity,
  });

/**
 * SPEC §4 "clicking opens the link and adds the user to usersDone": PUT /survey/{id} then
 * PUT /student/satisfaction/{userId}.
 */
/** PUT /survey/later/{id}: 'Plus tard', kept on the server for SURVEY_LATER_DAYS. */
export function putSurveyOff(surveyId: string): Promise<Survey> {
  return api.put<Survey>(`/survey/later/${segment(surveyId)}`, {});
}

export async function markSurveyAnswered(surveyId: string, userId: string): Promise<void> {
  await api.put(`/survey/${segment(surveyId)}`, { usersDone: [userId] });
  await api.put(`/student/satisfaction/${segment(userId)}`, { surveyId });
}

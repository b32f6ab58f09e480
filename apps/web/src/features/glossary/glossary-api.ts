import { queryOptions } from '@tanstack/react-query';
import type {
  GlossaryStar,
  GlossaryWord,
  GlossaryWordBody,
  ReviewCard,
  ReviewRating,
} from '@medenglish/shared';
import { api } from '../../lib/api';

/** GET /glossary/ (SPEC §7): every word; the page filters them as the learner types. */
export const glossaryQuery = () =>
  queryOptions({
    queryKey: ['glossary'] as const,
    queryFn: ({ signal }) => api.get<GlossaryWord[]>('/glossary/', { signal }),
    staleTime: 10 * 60 * 1000,
  });

/** PUT /glossary/{id}: a new word under a new id, or the whole word replaced (staff). */
export function putWord(id: string, body: GlossaryWordBody): Promise<GlossaryWord> {
  return api.put<GlossaryWord>(`/glossary/${encodeURIComponent(id)}`, body);
}

/** DELETE /glossary/{id} (staff). */
export function deleteWord(id: string): Promise<{ _id: string }> {
  return api.delete<{ _id: string }>(`/glossary/${encodeURIComponent(id)}`);
}

/** The learner's starred words and when each is due ("Review my words"). */
export const starsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['glossary-stars', userId] as const,
    queryFn: ({ signal }) =>
      api.get<GlossaryStar[]>(`/glossary/stars/${encodeURIComponent(userId)}`, { signal }),
  });

export function setStar(userId: string, wordId: string, starred: boolean): Promise<unknown> {
  const path = `/glossary/stars/${encodeURIComponent(userId)}/${encodeURIComponent(wordId)}`;
  return starred ? api.put(path) : api.delete(path);
}

/** The words due now, each with when each answer would bring it back. */
export function fetchReview(userId: string): Promise<ReviewCard[]> {
  return api.get<ReviewCard[]>(`/glossary/review/${encodeURIComponent(userId)}`);
}

export function answerReview(userId: string, wordId: string, rating: ReviewRating): Promise<GlossaryStar> {
  return api.post<GlossaryStar>(
    `/glossary/review/${encodeURIComponent(userId)}/${encodeURIComponent(wordId)}`,
    { rating },
  );
}

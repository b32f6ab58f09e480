import { queryOptions } from '@tanstack/react-query';
import type { GlossaryWord, GlossaryWordBody } from '@medenglish/shared';
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

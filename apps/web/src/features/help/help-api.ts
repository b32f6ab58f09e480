import { queryOptions } from '@tanstack/react-query';
import { GUIDE_MEDIA_PREFIX, type Guide, type NewsItem } from '@medenglish/shared';
import { api } from '../../lib/api';

/** GET /news/last/Students (SPEC §7): the learners' news within SPEC §9's window. */
export const newsQuery = () =>
  queryOptions({
    queryKey: ['news', 'Students'] as const,
    queryFn: ({ signal }) => api.get<NewsItem[]>('/news/last/Students', { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** GET /guide (SPEC §7). */
export const guidesQuery = () =>
  queryOptions({
    queryKey: ['guides'] as const,
    queryFn: ({ signal }) => api.get<Guide[]>('/guide', { signal }),
    staleTime: 10 * 60 * 1000,
  });

export const guideFile = (filename: string) =>
  `/media/${GUIDE_MEDIA_PREFIX}/${encodeURIComponent(filename)}?filename=${encodeURIComponent(filename)}`;

/** The service desk's search for the learner's words (`{query}` in the configured address). */
export const serviceDeskSearch = (template: string, query: string) =>
  template.replace('{query}', encodeURIComponent(query.trim()));

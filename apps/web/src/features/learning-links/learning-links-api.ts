import { queryOptions } from '@tanstack/react-query';
import { THEME_MEDIA_PREFIX, type LearningLink, type LinkTheme, type LinkTopic } from '@medenglish/shared';
import { api } from '../../lib/api';

const FIVE_MINUTES = 5 * 60 * 1000;
const name = (s: string) => encodeURIComponent(s);

/** GET /theme (SPEC §7). */
export const themesQuery = () =>
  queryOptions({
    queryKey: ['learning-links', 'themes'] as const,
    queryFn: ({ signal }) => api.get<LinkTheme[]>('/theme', { signal }),
    staleTime: FIVE_MINUTES,
  });

/** GET /topic/theme/name/{themeName}. */
export const topicsQuery = (themeName: string) =>
  queryOptions({
    queryKey: ['learning-links', 'topics', themeName] as const,
    queryFn: ({ signal }) => api.get<LinkTopic[]>(`/topic/theme/name/${name(themeName)}`, { signal }),
    staleTime: FIVE_MINUTES,
  });

/** GET /link/theme/name/{themeName} or GET /link/topic/name/{topicName}. */
export const linksQuery = (of: { theme: string } | { topic: string }) =>
  queryOptions({
    queryKey: ['learning-links', 'links', of] as const,
    queryFn: ({ signal }) =>
      api.get<LearningLink[]>(
        'topic' in of ? `/link/topic/name/${name(of.topic)}` : `/link/theme/name/${name(of.theme)}`,
        { signal },
      ),
    staleTime: FIVE_MINUTES,
  });

export const themeImage = (file: string) => `/media/${THEME_MEDIA_PREFIX}/${encodeURIComponent(file)}`;

import { queryOptions } from '@tanstack/react-query';
import { THUMBNAIL_MEDIA_PREFIX, VIDEO_MEDIA_PREFIX, type Video } from '@medenglish/shared';
import { api } from '../../lib/api';

/** GET /video/ (SPEC §7): the library, which changes rarely. */
export const videosQuery = () =>
  queryOptions({
    queryKey: ['videos'] as const,
    queryFn: ({ signal }) => api.get<Video[]>('/video/', { signal }),
    staleTime: 10 * 60 * 1000,
  });

/** Where a video's files are served (SPEC §7: media under /resources/video and /thumbnail). */
export const videoFile = (name: string) => `/media/${VIDEO_MEDIA_PREFIX}/${encodeURIComponent(name)}`;
export const thumbnailFile = (name: string) => `/media/${THUMBNAIL_MEDIA_PREFIX}/${encodeURIComponent(name)}`;

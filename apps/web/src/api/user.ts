import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@medenglish/shared';
import { api } from '../lib/api';
import { getSessionInfo } from '../lib/session';
import { queryKeys } from './query-keys';

/** GET /api/student/{id} */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: ({ signal }) => api.get<User>(`/student/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60 * 1000,
  });

/** The signed-in learner; the shell only renders for a session, so the id is known. */
export function useCurrentUser() {
  const userId = getSessionInfo()?.userId ?? '';
  return useQuery({ ...userQuery(userId), enabled: userId !== '' });
}

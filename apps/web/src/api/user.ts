import { createContext, useContext } from 'react';
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

/**
 * Whose page is drawn, where there is no browser storage to say it: the server's render of the
 * dashboard's first cards (src/ssr). Never provided in the browser.
 */
export const SignedInUserIdContext = createContext<string | null>(null);

/** The signed-in learner; the shell only renders for a session, so the id is known. */
export function useCurrentUser() {
  const givenId = useContext(SignedInUserIdContext);
  const userId = givenId ?? getSessionInfo()?.userId ?? '';
  return useQuery({ ...userQuery(userId), enabled: userId !== '' });
}

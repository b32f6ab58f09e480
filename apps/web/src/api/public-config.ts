import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@medenglish/shared';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/config/public: what the login page needs before anyone is signed in. */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: ({ signal }) => api.get<PublicConfig>('/config/public', { auth: false, signal }),
  staleTime: 5 * 60 * 1000,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

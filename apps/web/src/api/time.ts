import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { timeResponse } from '@medenglish/shared';
import { api } from '../lib/api';

/** GET /api/time: the server's clock (SPEC §7 "server time call"); "today" is never the browser's. */
export type ServerTime = z.infer<typeof timeResponse>;

export const serverTimeQuery = queryOptions({
  queryKey: ['time'] as const,
  queryFn: ({ signal }) => api.get<ServerTime>('/time', { signal }),
  staleTime: 60 * 1000,
  // "Today" moves at midnight: a dashboard left open picks up the new day.
  refetchInterval: 5 * 60 * 1000,
});

export function useServerTime() {
  return useQuery(serverTimeQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@medenglish/shared';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/notifications/custom/{userId}/{companyId}/Student; SPEC §6: range Student only. */
export const notificationsQuery = (userId: string, companyId: string) =>
  queryOptions({
    queryKey: queryKeys.notifications(userId, companyId),
    queryFn: async ({ signal }) => {
      const list = await api.get<Notification[]>(
        `/notifications/custom/${encodeURIComponent(userId)}/${encodeURIComponent(companyId)}/Student`,
        { signal },
      );
      return list.filter((n) => n.range === 'Student');
    },
    staleTime: 60 * 1000,
  });

export function useNotifications(userId: string | undefined, companyId: string | undefined) {
  return useQuery({
    ...notificationsQuery(userId ?? '', companyId ?? ''),
    enabled: Boolean(userId && companyId),
  });
}

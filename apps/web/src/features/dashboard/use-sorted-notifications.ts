import { useMemo } from 'react';
import type { Notification } from '@medenglish/shared';
import { useNotifications } from '../../api/notifications';

/** The learner's notifications (range Student), newest first; a failed call lists none. */
export function useSortedNotifications(userId: string, companyId: string) {
  const { data, isPending } = useNotifications(userId, companyId);
  const notifications = useMemo<Notification[]>(
    () => [...(data ?? [])].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)),
    [data],
  );
  return { notifications, isPending };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@medenglish/shared';
import { queryKeys } from '../../api/query-keys';
import { api } from '../../lib/api';

export interface NamesChange {
  firstname?: string;
  name?: string;
}

interface NamesResponse {
  message: string;
  user: User;
}

/**
 * PUT /api/student/names/{id}, once per changed field (SPEC §7 "{firstname or name}"). Returns the
 * user as the last answer shows it, or null when nothing changed.
 */
export async function updateNames(userId: string, change: NamesChange): Promise<User | null> {
  const path = `/student/names/${encodeURIComponent(userId)}`;
  let user: User | null = null;
  if (change.firstname !== undefined) {
    user = (await api.put<NamesResponse>(path, { firstname: change.firstname })).user;
  }
  if (change.name !== undefined) {
    user = (await api.put<NamesResponse>(path, { name: change.name })).user;
  }
  return user;
}

/**
 * The name change, with the cached user updated from the answer and then refetched, so that the
 * header, the dashboard greeting and this page all show the new name.
 */
export function useUpdateNames(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NamesChange) => updateNames(userId, change),
    onSettled: async (user) => {
      // Also after a failure: the first of two calls may have gone through.
      if (user) queryClient.setQueryData(queryKeys.user(userId), user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUPS_CACHE_MS, type Group } from '@medenglish/shared';
import { api } from '../lib/api';
import { readJson, storageKeys, writeJson } from '../lib/storage';
import { queryKeys } from './query-keys';

interface GroupsCache {
  userId: string;
  savedAt: number;
  groups: Group[];
}

/**
 * GET /api/group/user/{userId}. SPEC §7/§9: the list is reversed and cached in local storage for one
 * day. Local storage is cleared at login and logout, so a stale list never outlives a session.
 */
export async function fetchGroups(userId: string, signal?: AbortSignal): Promise<Group[]> {
  const cached = readJson<GroupsCache>(storageKeys.groups);
  if (cached?.userId === userId && Date.now() - cached.savedAt < GROUPS_CACHE_MS) return cached.groups;
  const groups = [
    ...(await api.get<Group[]>(`/group/user/${encodeURIComponent(userId)}`, { signal })),
  ].reverse();
  writeJson(storageKeys.groups, { userId, savedAt: Date.now(), groups } satisfies GroupsCache);
  return groups;
}

export const groupsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.groups(userId),
    queryFn: ({ signal }) => fetchGroups(userId, signal),
    staleTime: GROUPS_CACHE_MS,
  });

export function useGroups(userId: string | undefined) {
  return useQuery({ ...groupsQuery(userId ?? ''), enabled: Boolean(userId) });
}

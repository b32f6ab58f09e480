import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { GROUPS_CACHE_MS, type Group } from '@medenglish/shared';
import { api } from '../lib/api';
import { readJson, removeStorage, storageKeys, writeJson } from '../lib/storage';
import { queryKeys } from './query-keys';

interface GroupsCache {
  userId: string;
  savedAt: number;
  groups: Group[];
}

/**
 * GET /api/group/user/{userId}. SPEC §7/§9: the list is reversed and cached in local storage for one
 * day. Local storage is cleared at login and logout, and refreshGroups drops the copy whenever the
 * server may have changed the list, so a cached list never hides a group the server has given.
 * An empty list is not kept: a learner without a group is one about to get one (the placement
 * test places them), and a day of "no group yet" would be the newcomer's dead end.
 */
export async function fetchGroups(userId: string, signal?: AbortSignal): Promise<Group[]> {
  const cached = readJson<GroupsCache>(storageKeys.groups);
  if (cached?.userId === userId && cached.groups.length > 0 && Date.now() - cached.savedAt < GROUPS_CACHE_MS)
    return cached.groups;
  return keepGroups(userId, await api.get<Group[]>(`/group/user/${encodeURIComponent(userId)}`, { signal }));
}

/** The server's answer to GET /group/user/{userId}, reversed and kept for a day (SPEC §7/§9). */
export function keepGroups(userId: string, answer: readonly Group[]): Group[] {
  const groups = [...answer].reverse();
  if (groups.length > 0)
    writeJson(storageKeys.groups, { userId, savedAt: Date.now(), groups } satisfies GroupsCache);
  else removeStorage(storageKeys.groups);
  return groups;
}

/**
 * The server changed (or may have changed) the learner's groups: after the placement test places
 * them, after a switch of group. Drops the local copy and reads the list again.
 */
export async function refreshGroups(queryClient: QueryClient, userId: string): Promise<void> {
  removeStorage(storageKeys.groups);
  await queryClient.invalidateQueries({ queryKey: queryKeys.groups(userId) });
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

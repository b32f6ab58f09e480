import type { Group } from '@medenglish/shared';
import { useGroups } from '../api/groups';
import { useCurrentUser } from '../api/user';
import { pickCurrentGroup, useStoredGroupId } from './current-group';

export interface CurrentGroup {
  /** The group chosen in the header selector (or the default of pickCurrentGroup). */
  group: Group | undefined;
  /** All the learner's groups, most recent first. */
  groups: readonly Group[];
  /** True until the user and their groups are known. */
  isLoading: boolean;
  /** The learner or their groups could not be read (not the same as having no group). */
  isError: boolean;
  /** Reads again whichever of the two calls failed. */
  retry(): void;
  /** A retry is under way. */
  isRetrying: boolean;
}

const noGroups: readonly Group[] = [];

/**
 * The one way a screen reads the learner's current group: the header selector (and the narrow
 * menu's "Change semester") store the choice with setCurrentGroupId, and every screen reading it
 * through this hook follows the switch at once.
 */
export function useCurrentGroup(): CurrentGroup {
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const groupsQuery = useGroups(user?._id);
  const storedId = useStoredGroupId();
  const groups = groupsQuery.data ?? noGroups;
  return {
    group: pickCurrentGroup(groups, storedId, user?.semester),
    groups,
    isLoading: userQuery.isPending || (Boolean(user) && groupsQuery.isPending),
    isError: userQuery.isError || groupsQuery.isError,
    retry: () => {
      if (userQuery.isError) void userQuery.refetch();
      if (groupsQuery.isError) void groupsQuery.refetch();
    },
    isRetrying: userQuery.isFetching || groupsQuery.isFetching,
  };
}

import type { Group, User } from '@medenglish/shared';
import { useCurrentUser } from '../../api/user';
import { useCurrentGroup } from '../../lib/use-current-group';

/** The learner and the group chosen in the header: what every e-learning screen reads. */
export interface ElearningContext {
  user: User;
  group: Group;
}

export type ElearningState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void; isRetrying: boolean }
  | { status: 'no-group' }
  | { status: 'ready'; context: ElearningContext };

/**
 * Loading until the learner and their groups are known; "no group" when the list is empty (the
 * content-not-yet-available notice); "failed" when either cannot be read (the shell shows 1101).
 */
export function useElearningState(): ElearningState {
  const { data: user } = useCurrentUser();
  const { group, isLoading, isError, retry, isRetrying } = useCurrentGroup();
  if (isLoading) return { status: 'loading' };
  // A failed refresh after a success keeps what was read: only a missing answer is a failure.
  if (isError && (!user || !group)) return { status: 'failed', retry, isRetrying };
  if (!user) return { status: 'loading' };
  if (!group) return { status: 'no-group' };
  return { status: 'ready', context: { user, group } };
}

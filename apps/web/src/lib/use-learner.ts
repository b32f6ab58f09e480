import { useMemo } from 'react';
import type { Group, User } from '@medenglish/shared';
import { useCurrentUser } from '../api/user';
import { useCurrentGroup } from './use-current-group';

/** The learner and the group chosen in the header: what the signed-in screens read first. */
export interface LearnerContext {
  user: User;
  group: Group;
}

export type LearnerState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void; isRetrying: boolean }
  | { status: 'no-group' }
  | { status: 'ready'; context: LearnerContext };

/**
 * The one reading of "the learner and their current group" for a screen that needs both (the
 * dashboard, every e-learning screen): loading until both are known; "no group" when the list is
 * empty (SPEC §2 "With no group data": the content-not-yet-available notice); "failed" when either
 * cannot be read (the shell shows toast 1101), which says nothing about the learner's groups. The
 * context is one object while neither changes, so what is drawn from it is not drawn again.
 */
export function useLearnerState(): LearnerState {
  const { data: user } = useCurrentUser();
  const { group, isLoading, isError, retry, isRetrying } = useCurrentGroup();
  const context = useMemo(() => (user && group ? { user, group } : null), [user, group]);
  if (isLoading) return { status: 'loading' };
  // A failed refresh after a success keeps what was read: only a missing answer is a failure.
  if (isError && !context) return { status: 'failed', retry, isRetrying };
  if (!user) return { status: 'loading' };
  if (!context) return { status: 'no-group' };
  return { status: 'ready', context };
}

import { useMemo } from 'react';
import type { Company, Group, User } from '@medenglish/shared';
import { useCompany } from '../../api/company';
import { useDisplayDay } from '../../api/time';
import { useCurrentUser } from '../../api/user';
import { useCurrentGroup } from '../../lib/use-current-group';

/** What every dashboard card may need: the learner, their company, the group chosen in the header. */
export interface DashboardContext {
  user: User;
  company: Company | undefined;
  group: Group;
  /**
   * The day to show: the server's (SPEC §9: "today" is the server's), undefined until GET /time
   * answers; the browser's day in the display time zone while that call fails (display only).
   */
  today: string | undefined;
  timeZone: string;
}

export type DashboardState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void; isRetrying: boolean }
  | { status: 'no-group' }
  | { status: 'ready'; context: DashboardContext };

/**
 * The dashboard's state: loading until the learner and their groups are known; "no group" when the
 * list is empty (SPEC §2 "With no group data"); "failed" when the learner or the list cannot be read
 * (the shell shows toast 1101), which says nothing about the learner's groups.
 */
export function useDashboardState(): DashboardState {
  const { data: user } = useCurrentUser();
  const { data: company } = useCompany(user?.company);
  const { group, isLoading, isError, retry, isRetrying } = useCurrentGroup();
  const { today, timeZone } = useDisplayDay();
  // One object while nothing in it changes, so the cards below do not draw again for nothing.
  const context = useMemo(
    () => (user && group ? { user, company, group, today, timeZone } : null),
    [user, company, group, today, timeZone],
  );

  if (isLoading) return { status: 'loading' };
  // A failed refresh after a success keeps what was read: only a missing answer is a failure.
  if (isError && (!user || !group)) return { status: 'failed', retry, isRetrying };
  if (!user) return { status: 'loading' };
  if (!group || !context) return { status: 'no-group' };
  return { status: 'ready', context };
}

import { DEFAULT_TIME_ZONE, type Company, type Group, type User } from '@medenglish/shared';
import { useCompany } from '../../api/company';
import { useServerTime } from '../../api/time';
import { useCurrentUser } from '../../api/user';
import { useCurrentGroup } from '../../lib/use-current-group';

/** What every dashboard card may need: the learner, their company, the group chosen in the header. */
export interface DashboardContext {
  user: User;
  company: Company | undefined;
  group: Group;
  /** The server's day (SPEC §9: "today" is the server's), undefined until GET /time answers. */
  today: string | undefined;
  timeZone: string;
}

export type DashboardState =
  { status: 'loading' } | { status: 'no-group' } | { status: 'ready'; context: DashboardContext };

/**
 * The dashboard's state: loading until the learner and their groups are known; "no group" when the
 * list is empty or cannot be read (SPEC §2 "With no group data"; the shell shows toast 1101).
 */
export function useDashboardState(): DashboardState {
  const { data: user } = useCurrentUser();
  const { data: company } = useCompany(user?.company);
  const { group, isLoading, isError } = useCurrentGroup();
  const { data: time } = useServerTime();

  if (isError) return { status: 'no-group' };
  if (isLoading || !user) return { status: 'loading' };
  if (!group) return { status: 'no-group' };
  return {
    status: 'ready',
    context: { user, company, group, today: time?.today, timeZone: time?.timeZone ?? DEFAULT_TIME_ZONE },
  };
}

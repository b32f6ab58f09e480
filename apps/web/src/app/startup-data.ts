import type { QueryClient } from '@tanstack/react-query';
import { companyQuery } from '../api/company';
import { groupsQuery } from '../api/groups';
import { serverTimeQuery } from '../api/time';
import { userQuery } from '../api/user';
import { getSessionInfo, isLoggedIn } from '../lib/session';

/**
 * A signed-in visit asks for what every screen needs first — the learner, their groups, their
 * company and the server's day — as the app starts, while its page chunks are still downloading:
 * otherwise each call waits for the component that reads it to be fetched and drawn, and on a slow
 * phone link the first card shows a few round trips later. The screens read the same queries.
 */
export function prefetchSessionData(queryClient: QueryClient): void {
  const userId = getSessionInfo()?.userId;
  if (!isLoggedIn() || !userId) return;
  void queryClient.prefetchQuery(userQuery(userId)).then(() => {
    const company = queryClient.getQueryData(userQuery(userId).queryKey)?.company;
    if (company) void queryClient.prefetchQuery(companyQuery(company));
  });
  void queryClient.prefetchQuery(groupsQuery(userId));
  void queryClient.prefetchQuery(serverTimeQuery);
}

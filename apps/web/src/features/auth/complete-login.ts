import type { QueryClient } from '@tanstack/react-query';
import type { AuthData } from '@medenglish/shared';
import { groupsQuery } from '../../api/groups';
import { userQuery } from '../../api/user';
import { setLanguage } from '../../lib/language';
import { startSession, type AuthCookieLifetime } from '../../lib/session';
import { removeStorage, storageKeys, writeStorage } from '../../lib/storage';

export interface LoginOutcome {
  destination: '/test' | '/dashboard';
  groupsFailed: boolean;
}

/**
 * SPEC §4 Login success: local storage is cleared and the cookies are set (startSession), then the
 * user and the groups are fetched, and a learner whose placement test is pending goes to /test.
 */
export async function completeLogin(
  queryClient: QueryClient,
  auth: AuthData,
  email: string,
  lifetime: AuthCookieLifetime,
): Promise<LoginOutcome> {
  startSession(auth, email, lifetime);
  queryClient.clear();
  const [user, groups] = await Promise.allSettled([
    queryClient.fetchQuery(userQuery(auth._id)),
    queryClient.fetchQuery(groupsQuery(auth._id)),
  ]);
  // The language chosen on the account wins over this device's (issue 10: remembered per learner).
  if (user.status === 'fulfilled') setLanguage(user.value.language);
  // Without the user we cannot tell; the dashboard sends a learner with a pending test on to /test.
  const inTest = user.status === 'fulfilled' && user.value.placementtest && !auth.testFinish;
  if (inTest) writeStorage(storageKeys.inTest, 'true');
  else removeStorage(storageKeys.inTest);
  return { destination: inTest ? '/test' : '/dashboard', groupsFailed: groups.status === 'rejected' };
}

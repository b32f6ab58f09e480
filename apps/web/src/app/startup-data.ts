import type { QueryClient } from '@tanstack/react-query';
import { pickCurrentGroup, type Company, type Group, type PublicConfig, type User } from '@medenglish/shared';
import { companyQuery } from '../api/company';
import { publicConfigQuery } from '../api/public-config';
import { groupsQuery, keepGroups } from '../api/groups';
import { keepZonePeriods, serverTimeQuery, type ServerTime } from '../api/time';
import { userQuery } from '../api/user';
import type { FirstScreenKey } from '../lib/first-screen';
import { getLanguage } from '../lib/language';
import { getSessionInfo, isLoggedIn } from '../lib/session';
import { readStorage, storageKeys } from '../lib/storage';
import { initialColorMode } from './initial-color-mode';
import { keepStartupResponses } from '../lib/startup-responses';

/**
 * What the server wrote into the page for a signed-in visit (apps/server/src/web-page): the
 * answers of the four calls every screen needs first, read with the learner's own token cookie.
 */
interface StartupData {
  userId: string;
  user?: User;
  groups?: Group[];
  company?: Company;
  time?: ServerTime;
  /** The page's own first reads (the dashboard's cards), by API path: see lib/startup-responses. */
  responses?: Record<string, unknown>;
}

function readJsonElement<T>(id: string): T | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return null;
  }
}

/**
 * A signed-in visit needs the learner, their groups, their company and the server's day before
 * any screen can draw. The server puts them in the page when it can (no round trip at all on a
 * slow phone link); whatever it did not, is asked for as the app starts, while its page chunks
 * are still downloading, rather than when the component that reads it is drawn. The screens read
 * the same queries.
 */
export function prefetchSessionData(queryClient: QueryClient): void {
  const userId = getSessionInfo()?.userId;
  if (!isLoggedIn() || !userId) return;
  const data = readJsonElement<StartupData>('startup-data');
  // Written for this learner only: another account signed in since (another tab) is ignored.
  if (data?.userId === userId) {
    if (data.user) queryClient.setQueryData(userQuery(userId).queryKey, data.user);
    if (data.groups) queryClient.setQueryData(groupsQuery(userId).queryKey, keepGroups(userId, data.groups));
    if (data.company) queryClient.setQueryData(companyQuery(data.company._id).queryKey, data.company);
    if (data.time) queryClient.setQueryData(serverTimeQuery.queryKey, keepZonePeriods(data.time));
    if (data.responses && typeof data.responses === 'object') keepStartupResponses(data.responses);
  }
  void queryClient.prefetchQuery(userQuery(userId)).then(() => {
    const company = queryClient.getQueryData(userQuery(userId).queryKey)?.company;
    if (company) void queryClient.prefetchQuery(companyQuery(company));
  });
  void queryClient.prefetchQuery(groupsQuery(userId));
  void queryClient.prefetchQuery(serverTimeQuery);
}

/**
 * The login page draws its banners and school sign-on buttons from the public configuration; the
 * server writes it into that page, so the form is drawn once, in its place, rather than pushed
 * down when the call answers (a layout shift on a phone). Anything missing is fetched as before.
 */
export function seedPublicData(queryClient: QueryClient): void {
  const data = readJsonElement<{ publicConfig?: PublicConfig }>('public-data');
  if (data?.publicConfig) queryClient.setQueryData(publicConfigQuery.queryKey, data.publicConfig);
}

/**
 * What the app will draw first at this address, to compare with the first screen the server drew
 * (lib/first-screen.ts): the dashboard's cards, for a learner whose answers are in the page
 * (seeded by prefetchSessionData, so call it after); the login card, without a session (on a
 * bare '/', or any page, which sends to '/') nor a notice of the last logout (which the app shows
 * above the card); otherwise null.
 */
export function firstScreenKey(
  queryClient: QueryClient,
  pathname: string,
  search: string,
): FirstScreenKey | null {
  const language = getLanguage();
  const theme = initialColorMode();
  // Without a session every page sends the visitor to '/' (route-guards.tsx): the same card.
  if (!isLoggedIn()) {
    const plain = (pathname !== '/' || search === '') && !readStorage(storageKeys.logoutReason, 'session');
    return plain ? { screen: 'login', language, theme } : null;
  }
  if (pathname === '/') return null;
  const userId = getSessionInfo()?.userId;
  if (pathname !== '/dashboard' || !isLoggedIn() || !userId) return null;
  const learner = cachedLearner(queryClient, userId, readStorage(storageKeys.currentGroup));
  if (!learner) return null;
  return { screen: 'dashboard', user: userId, group: learner.group._id, language, theme };
}

/**
 * The learner and the group the app shows them (the stored choice, or the default) as the cache
 * holds them, or null while either is missing: what the dashboard's first reads aim at, and what
 * the server's first cards are compared with.
 */
export function cachedLearner(
  queryClient: QueryClient,
  userId: string,
  storedGroupId: string | null,
): { user: User; group: Group } | null {
  const user = queryClient.getQueryData(userQuery(userId).queryKey);
  const groups = queryClient.getQueryData(groupsQuery(userId).queryKey);
  const group = user && groups ? pickCurrentGroup(groups, storedGroupId, user.semester) : undefined;
  return user && group ? { user, group } : null;
}

import type { QueryClient } from '@tanstack/react-query';
import { showsGroupCard } from '@medenglish/shared';
import { companyDataQuery } from '../../api/company-data';
import { examResultsQuery } from '../../api/exam-results';
import { groupFilesQuery } from '../../api/group-files';
import { notificationsQuery } from '../../api/notifications';
import { globalResultsQuery } from '../../api/results';
import { idleTrackerQuery, latestActivityQuery, unitTrackersQuery } from '../../api/trackers';
import { cachedLearner } from '../../app/startup-data';
import { getSessionInfo } from '../../lib/session';
import { readStorage, storageKeys } from '../../lib/storage';
import { funFactsQuery, groupExamsQuery, surveyQuery } from './dashboard-api';

/**
 * Starts every read of the dashboard's cards as soon as its chunk arrives, before React draws it.
 * On a signed-in visit the server has written these answers into the page (the paths of the shared
 * `dashboardCalls`), so the queries settle in a few microtasks and each card's first render already
 * has its data: no skeleton-then-card second render per answer, each a long task on a slow phone,
 * and no card growing under the ones below it (issue 10). Without the learner and their groups in
 * the cache there is nothing to aim at yet: the cards then read their data as they mount.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  const userId = getSessionInfo()?.userId;
  if (!userId) return;
  void prefetchDashboardOf(queryClient, userId, readStorage(storageKeys.currentGroup));
}

/**
 * The same reads for a given learner and stored group choice (null: the default group), resolved
 * once every read has settled. The server's render of the first cards (src/ssr) calls it with the
 * answers of the page, having no session or storage of its own.
 */
export function prefetchDashboardOf(
  queryClient: QueryClient,
  userId: string,
  storedGroupId: string | null,
): Promise<void> {
  const learner = cachedLearner(queryClient, userId, storedGroupId);
  if (!learner) return Promise.resolve();
  const { user, group } = learner;
  // Each as the cards declare it (key, fetcher, freshness): a failure is the card's to show.
  const client = queryClient;
  const reads = [
    client.prefetchQuery(companyDataQuery(user.company)),
    client.prefetchQuery(groupExamsQuery(user._id)),
    client.prefetchQuery(examResultsQuery(user._id)),
    client.prefetchQuery(latestActivityQuery(user._id, group._id)),
    client.prefetchQuery(unitTrackersQuery(user._id, group._id)),
    client.prefetchQuery(idleTrackerQuery(user._id, group._id)),
    client.prefetchQuery(globalResultsQuery(user._id, user.email, group._id)),
    client.prefetchQuery(notificationsQuery(user._id, user.company)),
    client.prefetchQuery(funFactsQuery),
    client.prefetchQuery(surveyQuery(user._id, user.semester, user.company)),
  ];
  if (showsGroupCard(user.semester, group.semester)) {
    reads.push(client.prefetchQuery(groupFilesQuery('distribution', user.company, group._id)));
    reads.push(client.prefetchQuery(groupFilesQuery('meeting', user.company, group._id)));
  }
  return Promise.all(reads).then(() => undefined);
}

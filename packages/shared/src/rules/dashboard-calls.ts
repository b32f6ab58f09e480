/**
 * The dashboard's first reads, as API paths under /api. The server answers them into the page of a
 * signed-in /dashboard visit (apps/server/src/web-page) and the web app reads the same paths when
 * its dashboard chunk arrives (apps/web/src/features/dashboard/dashboard-prefetch.ts), so a phone
 * draws every card once, with its data, instead of a skeleton then a second render per answer
 * (issue 10). One list for both sides: a path built differently on one side would silently miss.
 */
import { showsGroupCard } from './dashboard.js';

interface GroupLike {
  _id: string;
  semester: number | null;
}

/**
 * The group a screen shows: the stored choice while it is still one of the learner's groups, else
 * the group of their own semester, else the first (most recent) one.
 */
export function pickCurrentGroup<G extends GroupLike>(
  groups: readonly G[],
  storedId: string | null,
  semester: number | null | undefined,
): G | undefined {
  return (
    groups.find((g) => g._id === storedId) ??
    groups.find((g) => semester != null && g.semester === semester) ??
    groups[0]
  );
}

export interface DashboardLearner {
  _id: string;
  email: string;
  company: string;
  semester: number | null;
}

const segment = encodeURIComponent;

/** Every GET the dashboard's cards make for this learner and group, as the web app builds them. */
export function dashboardCalls(user: DashboardLearner, group: GroupLike): string[] {
  const userId = segment(user._id);
  const groupId = segment(group._id);
  const companyId = segment(user.company);
  const calls = [
    `/companyData/${companyId}`,
    `/group/exam/${userId}`,
    `/examtype1/user/${userId}`,
    `/unittrackers/latest/${userId}/${groupId}`,
    `/unittrackers/user/${userId}/${groupId}`,
    `/idletracker/user/${userId}/${groupId}`,
    `/results/global/${userId}/${segment(user.email)}/${groupId}`,
    `/notifications/custom/${userId}/${companyId}/Student`,
    `/funfact`,
    `/survey/single/${userId}/Students/${user.semester ?? 0}/${companyId}`,
  ];
  if (showsGroupCard(user.semester, group.semester))
    calls.push(
      `/googlestorage/files/distribution/${companyId}/${groupId}`,
      `/googlestorage/files/meeting/${companyId}/${groupId}`,
    );
  return calls;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardCalls, pickCurrentGroup } from '@medenglish/shared';
import { groupsQuery } from '../../api/groups';
import { userQuery } from '../../api/user';
import { createQueryClient } from '../../app/query-client';
import { keepStartupResponses } from '../../lib/startup-responses';
import { storageKeys, writeStorage } from '../../lib/storage';
import { group, learner, signIn } from '../../test/learner';
import { stubApi } from '../../test/stub-api';
import { prefetchDashboard } from './dashboard-prefetch';

const user = learner({ semester: 3, email: 'lea.martin+s3@example.fr' });
const S3 = group({ _id: '00000000-0000-4000-8000-0000000000a3', name: 'S3 – Groupe A', semester: 3 });
const S1 = group({ _id: '00000000-0000-4000-8000-0000000000a1', name: 'S1 – Groupe B', semester: 1 });

function seededClient() {
  const client = createQueryClient();
  client.setQueryData(userQuery(user._id).queryKey, user);
  client.setQueryData(groupsQuery(user._id).queryKey, [S1, S3]);
  return client;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the dashboard's first reads", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(user);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads exactly the shared list of paths the server answers into the page', async () => {
    const api = stubApi({});
    prefetchDashboard(seededClient());
    await settled();
    // The group of the learner's own semester; the same encoding as the server's inject.
    const expected = dashboardCalls(user, S3).map(decodeURIComponent);
    expect(expected).toContain(`/results/global/${user._id}/${user.email}/${S3._id}`);
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      expected.map((p) => `GET ${p}`).sort(),
    );
  });

  it("takes every answer from the page, with no request, each in its card's query", async () => {
    const api = stubApi({});
    // (Shaped to pass the cards' own filters: notifications keep the Student range.)
    const answers = Object.fromEntries(
      dashboardCalls(user, S3).map((path, i) => [path, [{ answer: i, range: 'Student' }]]),
    );
    keepStartupResponses(answers);
    const client = seededClient();
    prefetchDashboard(client);
    await settled();
    expect(api.calls).toEqual([]);
    const cached = client
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data);
    for (const answer of Object.values(answers)) expect(cached).toContainEqual(answer);
  });

  it("aims at the group chosen in this browser, which the server's page may not hold", async () => {
    const api = stubApi({});
    writeStorage(storageKeys.currentGroup, S1._id);
    keepStartupResponses(Object.fromEntries(dashboardCalls(user, S3).map((path) => [path, []])));
    prefetchDashboard(seededClient());
    await settled();
    expect(pickCurrentGroup([S1, S3], S1._id, 3)).toBe(S1);
    // The group's own reads go to the network; the learner's (company, exams…) come from the page.
    const paths = api.calls.map((c) => c.path);
    expect(paths).toContain(`/unittrackers/user/${user._id}/${S1._id}`);
    expect(paths.some((p) => p.includes(S3._id))).toBe(false);
    expect(paths).not.toContain(`/group/exam/${user._id}`);
  });

  it('does nothing before the learner and their groups are known', async () => {
    const api = stubApi({});
    prefetchDashboard(createQueryClient());
    await settled();
    expect(api.calls).toEqual([]);
  });
});

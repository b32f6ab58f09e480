import {
  globalResults as globalResultsSchema,
  globalResultsParams,
  idleTracker,
  idParams,
  latestActivity,
  progressTracker,
  progressTrackerBody,
  studyTimeTotal,
  timerBody,
  timerResponse,
  unitTrackers,
  userGroupParams,
  userIdParams,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { today } from '../../lib/clock.js';
import { assertSelf, caller, createAuthenticate } from '../../plugins/authenticate.js';
import { memberGroup } from '../groups/groups.service.js';
import { recordHeartbeat } from './heartbeat.service.js';
import { globalResultsOfMember, idleTimeOfMember, unitTimesOfMember } from './dashboard-reads.js';
import { latestActivity as findLatestActivity, recomputeProgress } from './results.service.js';
import { totalStudyTime } from './study-time.service.js';

const tags = ['trackers'];

/** SPEC §7 study time, progress and results of a learner: their own only, in their own groups. */
export function registerTrackerRoutes(app: App, deps: Deps): void {
  const authenticate = createAuthenticate(deps);
  const serverToday = () => today(deps.clock, deps.config.TZ_DISPLAY);

  app.put(
    '/unittrackers/timer/:id',
    {
      onRequest: authenticate,
      schema: { tags, params: idParams, body: timerBody, response: { 200: timerResponse } },
    },
    (request) => {
      assertSelf(request, request.params.id);
      return recordHeartbeat(deps, request.params.id, request.body);
    },
  );

  // SPEC §6: no Authorization header on a path ending with an empty segment → the auth cookie.
  app.get(
    '/unittrackers/time/',
    {
      onRequest: createAuthenticate(deps, { cookie: true }),
      schema: { tags, response: { 200: studyTimeTotal } },
    },
    (request) => totalStudyTime(deps.db, caller(request).userId, serverToday()),
  );

  /** Routes of one learner in one of their groups: 403 for anyone else or any other group. */
  const inOwnGroup = async (
    request: { params: { userId: string; groupId: string } } & Parameters<typeof caller>[0],
  ) => {
    const me = assertSelf(request, request.params.userId);
    return { me, group: await memberGroup(deps.db, me.userId, request.params.groupId) };
  };

  app.get(
    '/idletracker/user/:userId/:groupId',
    { onRequest: authenticate, schema: { tags, params: userGroupParams, response: { 200: idleTracker } } },
    (request) =>
      idleTimeOfMember(deps, assertSelf(request, request.params.userId).userId, request.params.groupId),
  );

  app.get(
    '/unittrackers/user/:userId/:groupId',
    { onRequest: authenticate, schema: { tags, params: userGroupParams, response: { 200: unitTrackers } } },
    (request) =>
      unitTimesOfMember(deps, assertSelf(request, request.params.userId).userId, request.params.groupId),
  );

  app.get(
    '/unittrackers/latest/:userId/:groupId',
    { onRequest: authenticate, schema: { tags, params: userGroupParams, response: { 200: latestActivity } } },
    async (request) => {
      const { me, group } = await inOwnGroup(request);
      return findLatestActivity(deps.db, me.userId, group.id);
    },
  );

  app.get(
    '/results/global/:userId/:email/:groupId',
    {
      onRequest: authenticate,
      schema: { tags, params: globalResultsParams, response: { 200: globalResultsSchema } },
    },
    (request) => {
      const me = assertSelf(request, request.params.userId);
      return globalResultsOfMember(deps, me.userId, request.params.email, request.params.groupId);
    },
  );

  app.post(
    '/progresstrackers/:userId',
    {
      onRequest: authenticate,
      schema: { tags, params: userIdParams, body: progressTrackerBody, response: { 200: progressTracker } },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId);
      // Not a member of the group: 403 from the reads, nothing stored.
      return recomputeProgress(deps, me.userId, request.body.groupId, serverToday());
    },
  );
}

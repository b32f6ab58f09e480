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
import { caller } from '../../plugins/authenticate.js';
import {
  allow,
  allowWithCookie,
  inStatement,
  memberOf,
  ownEmail,
  self,
} from '../../plugins/access-policy.js';
import { recordHeartbeat } from './heartbeat.service.js';
import { globalResultsOfMember, idleTimeOfMember, unitTimesOfMember } from './dashboard-reads.js';
import { latestActivity as findLatestActivity, recomputeProgress } from './results.service.js';
import { totalStudyTime } from './study-time.service.js';

const tags = ['trackers'];

/** SPEC §7 study time, progress and results of a learner: their own only, in their own groups. */
export function registerTrackerRoutes(app: App, deps: Deps): void {
  const serverToday = () => today(deps.clock, deps.config.TZ_DISPLAY);

  app.put(
    '/unittrackers/timer/:id',
    {
      // The beat's group (body.group, optional) is checked inside the beat's one statement
      // (heartbeat.service.ts): a membership query more on every beat is what decision 0011 and
      // the heartbeat bench rule out.
      config: { access: allow(self('id'), inStatement(memberOf('body.group'))) },
      schema: { tags, params: idParams, body: timerBody, response: { 200: timerResponse } },
    },
    (request) => recordHeartbeat(deps, request.params.id, request.body),
  );

  // SPEC §6: no Authorization header on a path ending with an empty segment → the auth cookie.
  app.get(
    '/unittrackers/time/',
    {
      config: { access: allowWithCookie() },
      schema: { tags, response: { 200: studyTimeTotal } },
    },
    (request) => totalStudyTime(deps.db, caller(request).userId, serverToday()),
  );

  /**
   * Routes of one learner in one of their groups: 403 for anyone else or any other group. The
   * dashboard's repeated reads check the membership (and the e-mail) inside their one prepared
   * statement (dashboard-reads.ts, decision 0011), so the policy does not query it again.
   */
  const learnerInGroup = { access: allow(self('userId'), memberOf('groupId')) };
  const dashboardRead = { access: allow(self('userId'), inStatement(memberOf('groupId'))) };

  app.get(
    '/idletracker/user/:userId/:groupId',
    { config: dashboardRead, schema: { tags, params: userGroupParams, response: { 200: idleTracker } } },
    (request) => idleTimeOfMember(deps, request.params.userId, request.params.groupId),
  );

  app.get(
    '/unittrackers/user/:userId/:groupId',
    { config: dashboardRead, schema: { tags, params: userGroupParams, response: { 200: unitTrackers } } },
    (request) => unitTimesOfMember(deps, request.params.userId, request.params.groupId),
  );

  app.get(
    '/unittrackers/latest/:userId/:groupId',
    { config: learnerInGroup, schema: { tags, params: userGroupParams, response: { 200: latestActivity } } },
    (request) => findLatestActivity(deps.db, request.params.userId, request.params.groupId),
  );

  app.get(
    '/results/global/:userId/:email/:groupId',
    {
      config: {
        access: allow(self('userId'), inStatement(memberOf('groupId')), inStatement(ownEmail('email'))),
      },
      schema: { tags, params: globalResultsParams, response: { 200: globalResultsSchema } },
    },
    (request) =>
      globalResultsOfMember(deps, request.params.userId, request.params.email, request.params.groupId),
  );

  app.post(
    '/progresstrackers/:userId',
    {
      // Recomputed through the dashboard's statements, which check the membership (decision 0011).
      config: { access: allow(self('userId'), inStatement(memberOf('body.groupId'))) },
      schema: { tags, params: userIdParams, body: progressTrackerBody, response: { 200: progressTracker } },
    },
    (request) => recomputeProgress(deps, request.params.userId, request.body.groupId, serverToday()),
  );
}

import {
  launchBody,
  launchParams,
  launchResponse,
  modulePercentages as modulePercentagesSchema,
  moduleProgress,
  moduleTestBody,
  totalQuiz as totalQuizSchema,
  userGroupParams,
  userIdParams,
  userModules,
} from '@medenglish/shared';
import type { Deps } from '../../deps.js';
import type { App } from '../../lib/route-types.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, memberOf, ownEmail, self } from '../../plugins/access-policy.js';
import type { XapiCredentials } from '../xapi/index.js';
import { launchUnit } from './launch.service.js';
import { launchCmi5Unit } from './cmi5-launch.service.js';
import { onContentOrigin } from './content-origin.js';
import { modulePercentages, modulesOfUser, overallProgress, totalQuiz } from './modules.service.js';

const tags = ['elearning'];

/** SPEC §7 "Modules and trackers" and the content frame's launch: the learner's own, in their groups. */
export function registerElearningRoutes(app: App, deps: Deps, credentials: XapiCredentials): void {
  /** The group's modules for the learner; the route has checked it is them and their group. */
  const course = (userId: string, groupId: string) => modulesOfUser(deps.db, userId, groupId);
  const withUserGroup = {
    config: { access: allow(self('userId'), memberOf('groupId')) },
    schema: { tags, params: userGroupParams },
  };

  app.get(
    '/module/user/:userId/:groupId',
    { ...withUserGroup, schema: { ...withUserGroup.schema, response: { 200: userModules } } },
    (request) => course(request.params.userId, request.params.groupId),
  );
  app.get(
    '/module/totalquiz/:userId/:groupId',
    { ...withUserGroup, schema: { ...withUserGroup.schema, response: { 200: totalQuizSchema } } },
    async (request) => totalQuiz(await course(request.params.userId, request.params.groupId)),
  );
  app.get(
    '/module/percentage/:userId/:groupId',
    { ...withUserGroup, schema: { ...withUserGroup.schema, response: { 200: modulePercentagesSchema } } },
    async (request) => modulePercentages(await course(request.params.userId, request.params.groupId)),
  );
  app.get(
    '/module/progress/:userId/:groupId',
    { ...withUserGroup, schema: { ...withUserGroup.schema, response: { 200: moduleProgress } } },
    async (request) => overallProgress(await course(request.params.userId, request.params.groupId)),
  );
  // SPEC §7 POST /module/test/{userId} {email, groupId}: the results by module (/elearning/results).
  app.post(
    '/module/test/:userId',
    {
      config: { access: allow(self('userId'), memberOf('body.groupId'), ownEmail('body.email')) },
      schema: { tags, params: userIdParams, body: moduleTestBody, response: { 200: userModules } },
    },
    (request) => course(request.params.userId, request.body.groupId),
  );

  app.post(
    '/xapi/launch/:unitId',
    {
      config: { access: allow(memberOf('body.groupId')) },
      schema: { tags, params: launchParams, body: launchBody, response: { 200: launchResponse } },
    },
    async (request) => {
      const input = {
        userId: caller(request).userId,
        sessionId: caller(request).sessionId,
        groupId: request.body.groupId,
        unitId: request.params.unitId,
        origin: `${request.protocol}://${request.host}`,
        // The launch mode asked, for a cmi5 AU (decision 0041); a Tin Can unit takes Normal only.
        mode: request.body.mode,
      };
      // A cmi5 AU launches as cmi5 says (cmi5-launch.service.ts); any other unit as Tin Can.
      const launch =
        (await launchCmi5Unit(deps.db, { ...input, now: deps.clock.now() })) ??
        (await launchUnit(deps.db, credentials, input));
      // Packages open from their own origin when there is one (decision 0042); the launch query's
      // endpoint and fetch URL stay on the app's.
      return deps.contentOrigin
        ? { ...launch, url: onContentOrigin(launch.url, deps.contentOrigin) }
        : launch;
    },
  );
}

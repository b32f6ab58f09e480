import {
  audioPlayBody,
  audioPlayResponse,
  placementAnswersBody,
  placementInitBody,
  placementInitParams,
  placementProgress,
  placementTest,
  placementTestParams,
  placementUserResult,
  userIdParams,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, ownPlacementTest, self } from '../../plugins/access-policy.js';
import { getUserTest, initPlacementTest, recordAudioPlay, saveAnswers } from './placement.service.js';

const tags = ['placement'];

/** SPEC §7 "Placement test", plus the audio play counter that keeps "at most twice" honest. */
export function registerPlacementRoutes(app: App, deps: Deps): void {
  app.post(
    '/test/init/:testModelId',
    {
      config: { access: allow(self('body.user')) },
      schema: {
        tags,
        params: placementInitParams,
        body: placementInitBody,
        response: { 200: placementTest },
      },
    },
    (request) => {
      const type = request.body.type === undefined ? undefined : String(request.body.type);
      return initPlacementTest(deps, caller(request).userId, request.params.testModelId, type);
    },
  );

  app.put(
    '/test/:testId',
    {
      config: { access: allow(ownPlacementTest('testId')) },
      schema: {
        tags,
        params: placementTestParams,
        body: placementAnswersBody,
        response: { 200: placementProgress },
      },
    },
    (request) => saveAnswers(deps, caller(request).userId, request.params.testId, request.body.answers),
  );

  app.put(
    '/test/:testId/audio',
    {
      config: { access: allow(ownPlacementTest('testId')) },
      schema: {
        tags,
        params: placementTestParams,
        body: audioPlayBody,
        response: { 200: audioPlayResponse },
      },
    },
    (request) => recordAudioPlay(deps, request.params.testId, request.body.media),
  );

  app.get(
    '/test/user/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: placementUserResult } },
    },
    (request) => getUserTest(deps, request.params.userId),
  );
}

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
import { assertSelf, caller, createAuthenticate } from '../../plugins/authenticate.js';
import { getUserTest, initPlacementTest, recordAudioPlay, saveAnswers } from './placement.service.js';

const tags = ['placement'];

/** SPEC §7 "Placement test", plus the audio play counter that keeps "at most twice" honest. */
export function registerPlacementRoutes(app: App, deps: Deps): void {
  const authenticate = createAuthenticate(deps);

  app.post(
    '/test/init/:testModelId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        params: placementInitParams,
        body: placementInitBody,
        response: { 200: placementTest },
      },
    },
    (request) => {
      const me = assertSelf(request, request.body.user);
      const type = request.body.type === undefined ? undefined : String(request.body.type);
      return initPlacementTest(deps, me.userId, request.params.testModelId, type);
    },
  );

  app.put(
    '/test/:testId',
    {
      onRequest: authenticate,
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
      onRequest: authenticate,
      schema: {
        tags,
        params: placementTestParams,
        body: audioPlayBody,
        response: { 200: audioPlayResponse },
      },
    },
    (request) => recordAudioPlay(deps, caller(request).userId, request.params.testId, request.body.media),
  );

  app.get(
    '/test/user/:userId',
    {
      onRequest: authenticate,
      schema: { tags, params: userIdParams, response: { 200: placementUserResult } },
    },
    (request) => {
      assertSelf(request, request.params.userId);
      return getUserTest(deps, request.params.userId);
    },
  );
}

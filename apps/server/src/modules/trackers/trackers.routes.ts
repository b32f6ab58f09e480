import { idParams, timerBody, timerResponse } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { assertSelf, createAuthenticate } from '../../plugins/authenticate.js';
import { recordHeartbeat } from './heartbeat.service.js';

/** SPEC §7 unit trackers: the study-time heartbeat sent every 30 s while the learner is active. */
export function registerTrackerRoutes(app: App, deps: Deps): void {
  const authenticate = createAuthenticate(deps);
  app.put(
    '/unittrackers/timer/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['trackers'], params: idParams, body: timerBody, response: { 200: timerResponse } },
    },
    (request) => {
      assertSelf(request, request.params.id);
      return recordHeartbeat(deps, request.params.id, request.body);
    },
  );
}

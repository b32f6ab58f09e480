import { z } from 'zod';
import { idSchema, notification } from '@medenglish/shared';
import { forbidden } from '../../lib/app-error.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { assertSelf, createAuthenticate } from '../../plugins/authenticate.js';
import { notificationsFor } from './notifications.service.js';

/**
 * GET /notifications/custom/{userId}/{companyId}/{range}: the learner's notifications. SPEC §7
 * names the segments only a/b/c; we read them as user, company and range, and learners may only
 * list range Student (SPEC §6).
 */
export function registerNotificationRoutes(app: App, deps: Deps): void {
  const authenticate = createAuthenticate(deps);
  app.get(
    '/notifications/custom/:userId/:companyId/:range',
    {
      onRequest: authenticate,
      schema: {
        tags: ['notifications'],
        params: z.object({ userId: idSchema, companyId: idSchema, range: z.literal('Student') }),
        response: { 200: z.array(notification) },
      },
    },
    (request) => {
      const me = assertSelf(request, request.params.userId);
      if (me.companyId !== request.params.companyId) throw forbidden();
      return notificationsFor(deps.db, me);
    },
  );
}

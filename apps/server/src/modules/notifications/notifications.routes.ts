import { z } from 'zod';
import { idSchema, notification } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, ownCompany, self } from '../../plugins/access-policy.js';
import { notificationsFor } from './notifications.service.js';

/**
 * GET /notifications/custom/{userId}/{companyId}/{range}: the learner's notifications. SPEC §7
 * names the segments only a/b/c; we read them as user, company and range, and learners may only
 * list range Student (SPEC §6).
 */
export function registerNotificationRoutes(app: App, deps: Deps): void {
  app.get(
    '/notifications/custom/:userId/:companyId/:range',
    {
      config: { access: allow(self('userId'), ownCompany('companyId')) },
      schema: {
        tags: ['notifications'],
        params: z.object({ userId: idSchema, companyId: idSchema, range: z.literal('Student') }),
        response: { 200: z.array(notification) },
      },
    },
    (request) => notificationsFor(deps.db, caller(request)),
  );
}

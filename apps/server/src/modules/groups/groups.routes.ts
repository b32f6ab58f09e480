import { z } from 'zod';
import { associateBody, associateParams, group, groupExam, idParams, userIdParams } from '@medenglish/shared';
import { forbidden } from '../../lib/app-error.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, ownCompany, self } from '../../plugins/access-policy.js';
import {
  allowedAssociation,
  associateToGroup,
  examsOfUser,
  groupsOfCompany,
  groupsOfUser,
} from './groups.service.js';

const tags = ['group'];

/** SPEC §7 "Groups, company, code". */
export function registerGroupRoutes(app: App, deps: Deps): void {
  app.get(
    '/group/user/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: z.array(group) } },
    },
    (request) => groupsOfUser(deps.db, request.params.userId),
  );

  app.get(
    '/group/exam/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: z.array(groupExam) } },
    },
    (request) => examsOfUser(deps.db, request.params.userId),
  );

  app.get(
    '/group/company/:id',
    {
      config: { access: allow(ownCompany('id')) },
      schema: { tags, params: idParams, response: { 200: z.array(group) } },
    },
    (request) => groupsOfCompany(deps.db, request.params.id),
  );

  app.post(
    '/group/associate/:companyId',
    {
      config: { access: allow(self('body.user'), ownCompany('companyId')) },
      schema: { tags, params: associateParams, body: associateBody, response: { 200: group } },
    },
    async (request) => {
      const me = caller(request);
      // The level and semester are the server's to decide (placement result, the learner's
      // semester): a learner cannot pick a group by sending other values.
      const allowed = await allowedAssociation(deps, me.userId);
      if (!allowed || allowed.semester !== request.body.semester || allowed.level !== request.body.level) {
        throw forbidden();
      }
      return associateToGroup(deps.db, {
        companyId: request.params.companyId,
        userId: me.userId,
        semester: request.body.semester,
        level: request.body.level,
      });
    },
  );
}

import { z } from 'zod';
import {
  evaluoExam,
  evaluoExamsParams,
  evaluoStudentExamsParams,
  evaluoTokenAnswer,
  evaluoTokenBody,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, ownCompany, self } from '../../plugins/access-policy.js';
import { examsOfCompany, examsOfStudent, userToken } from './evaluo.service.js';

const tags = ['evaluo'];

/** SPEC §7 "External exam provider" (issue 13): our calls, answered through the provider's adapter. */
export function registerEvaluoRoutes(app: App, deps: Deps): void {
  app.get(
    '/evaluo/get-exams/:companyId/:semester',
    {
      config: { access: allow(ownCompany('companyId')) },
      schema: { tags, params: evaluoExamsParams, response: { 200: z.array(evaluoExam) } },
    },
    (request) =>
      examsOfCompany(deps, caller(request).userId, request.params.companyId, request.params.semester),
  );

  app.get(
    '/evaluo/get-exams/student/:companyId/:semester/:evaluoId',
    {
      // The student id must be the caller's own (checked by the service against their row).
      config: { access: allow(ownCompany('companyId')) },
      schema: { tags, params: evaluoStudentExamsParams, response: { 200: z.array(evaluoExam) } },
    },
    (request) =>
      examsOfStudent(
        deps,
        caller(request).userId,
        request.params.companyId,
        request.params.semester,
        request.params.evaluoId,
      ),
  );

  app.post(
    '/evaluo/token/user-token',
    {
      config: { access: allow(self('body.userId')) },
      schema: { tags, body: evaluoTokenBody, response: { 200: evaluoTokenAnswer } },
    },
    (request) => userToken(deps, caller(request).userId, request.body.url),
  );
}

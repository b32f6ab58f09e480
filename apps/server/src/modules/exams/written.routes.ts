import { z } from 'zod';
import {
  idParams,
  userIdParams,
  writtenDraftBody,
  writtenDraftResponse,
  writtenExam,
  writtenOpenBody,
  writtenSendBody,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import {
  allow,
  inStatement,
  memberOf,
  ownCompany,
  role,
  self,
  staffOfCompany,
} from '../../plugins/access-policy.js';
import {
  companyWritten,
  learnersWritten,
  openWritten,
  saveDraft,
  sendWritten,
  staffWritten,
} from './written.service.js';

const tags = ['exam'];

/** SPEC §7 "Written and file exams": the written answer exam (type 2), issue 13. */
export function registerWrittenRoutes(app: App, deps: Deps): void {
  app.post(
    '/examresult/examfile',
    {
      config: { access: allow(self('body.userId'), memberOf('body.groupId')) },
      schema: { tags, body: writtenOpenBody, response: { 200: writtenExam } },
    },
    (request) => openWritten(deps, caller(request).userId, request.body.groupId, request.body.examFile),
  );

  app.put(
    '/examresult/draft',
    {
      // Every few seconds while a learner writes: the update names the learner, the group and the
      // exam, and only a row the learner opened as a member matches.
      config: { access: allow(self('body.userId'), inStatement(memberOf('body.groupId'))) },
      schema: { tags, body: writtenDraftBody, response: { 200: writtenDraftResponse } },
    },
    (request) =>
      saveDraft(
        deps,
        caller(request).userId,
        request.body.groupId,
        request.body.examFile,
        request.body.answer,
      ),
  );

  app.post(
    '/examresult',
    {
      config: {
        access: allow(
          self('body.userId'),
          ownCompany('body.companyId'),
          inStatement(memberOf('body.groupId')),
        ),
      },
      schema: { tags, body: writtenSendBody, response: { 200: writtenExam } },
    },
    (request) =>
      sendWritten(
        deps,
        caller(request).userId,
        request.body.groupId,
        request.body.examFile,
        request.body.answer,
      ),
  );

  app.get(
    '/examresult/groups',
    {
      config: { access: allow(role('teacher', 'manager', 'admin')) },
      schema: { tags, response: { 200: z.array(writtenExam) } },
    },
    (request) => staffWritten(deps, caller(request)),
  );

  app.get(
    '/examresult/company/:id',
    {
      config: { access: allow(staffOfCompany('id')) },
      schema: { tags, params: idParams, response: { 200: z.array(writtenExam) } },
    },
    (request) => companyWritten(deps, request.params.id),
  );

  app.get(
    '/examresult/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: z.array(writtenExam) } },
    },
    (request) => learnersWritten(deps, request.params.userId),
  );
}

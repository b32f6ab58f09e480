import { z } from 'zod';
import {
  meetingParams,
  newWebinarBody,
  recordingParams,
  webinar,
  webinarCancelParams,
  webinarRegistrantAnswer,
  webinarRegistrantBody,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow, role, self } from '../../plugins/access-policy.js';
import { caller } from '../../plugins/authenticate.js';
import {
  cancel,
  createWebinar,
  joinLink,
  listWebinars,
  recordingLink,
  register,
} from './webinars.service.js';

const tags = ['webinars'];

/** SPEC §7 "Webinars" and the webinar recording download (issue 15). */
export function registerWebinarRoutes(app: App, deps: Deps): void {
  app.get(
    '/webinar',
    { config: { access: allow() }, schema: { tags, response: { 200: z.array(webinar) } } },
    (request) => listWebinars(deps, caller(request).userId),
  );

  app.put(
    '/webinar/registrant',
    {
      config: { access: allow(self('body.userId')) },
      schema: { tags, body: webinarRegistrantBody, response: { 200: webinarRegistrantAnswer } },
    },
    (request) => register(deps, request.body),
  );

  app.put(
    '/webinar/registrant/delete/:webinarId/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: webinarCancelParams, response: { 200: z.object({ _id: z.string() }) } },
    },
    (request) => cancel(deps, request.params.webinarId, request.params.userId),
  );

  // The learner's own join address once the room opens; staff may read any (the service decides).
  app.get(
    '/zoom/meeting/single/:meetingId',
    {
      config: { access: allow() },
      schema: { tags, params: meetingParams, response: { 200: z.object({ join_url: z.string() }) } },
    },
    (request) => {
      const claims = caller(request);
      return joinLink(deps, request.params.meetingId, {
        userId: claims.userId,
        isStaff: claims.role !== 'learner',
      });
    },
  );

  app.post(
    '/zoom/meeting',
    {
      config: { access: allow(role('teacher', 'manager', 'admin')) },
      schema: { tags, body: newWebinarBody, response: { 200: webinar } },
    },
    (request) => createWebinar(deps, request.body),
  );

  app.get(
    '/googlestorage/download/webinar/:recording',
    {
      config: { access: allow() },
      schema: { tags, params: recordingParams, response: { 200: z.object({ url: z.string() }) } },
    },
    (request) => recordingLink(deps, request.params.recording),
  );
}

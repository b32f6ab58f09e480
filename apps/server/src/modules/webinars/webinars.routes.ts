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
import { allow, objectOf, self, staffOfOwnCompany } from '../../plugins/access-policy.js';
import { caller } from '../../plugins/authenticate.js';
import {
  cancel,
  createWebinar,
  isWebinarReadable,
  joinLink,
  listWebinars,
  recordingLink,
  register,
} from './webinars.service.js';

const tags = ['webinars'];
/** Decision 0037: another company's webinar is not found, as an unknown id. */
const seen = (source: string) =>
  objectOf('webinar the caller sees', source, (deps, id, claims) => isWebinarReadable(deps, id, claims));

/** SPEC §7 "Webinars" and the webinar recording download (issue 15). */
export function registerWebinarRoutes(app: App, deps: Deps): void {
  app.get(
    '/webinar',
    { config: { access: allow() }, schema: { tags, response: { 200: z.array(webinar) } } },
    (request) => listWebinars(deps, caller(request)),
  );

  app.put(
    '/webinar/registrant',
    {
      config: { access: allow(self('body.userId'), seen('body.webinaireId')) },
      schema: { tags, body: webinarRegistrantBody, response: { 200: webinarRegistrantAnswer } },
    },
    (request) => register(deps, request.body),
  );

  app.put(
    '/webinar/registrant/delete/:webinarId/:userId',
    {
      config: { access: allow(self('userId'), seen('webinarId')) },
      schema: { tags, params: webinarCancelParams, response: { 200: z.object({ _id: z.string() }) } },
    },
    (request) => cancel(deps, request.params.webinarId, request.params.userId),
  );

  // The learner's own join address once the room opens; the webinar's staff (of its company, or an
  // admin) read the room's (the service decides, in the statement that finds the webinar the caller
  // sees: by its meeting number, not an id objectOf reads).
  app.get(
    '/zoom/meeting/single/:meetingId',
    {
      config: { access: allow() },
      schema: { tags, params: meetingParams, response: { 200: z.object({ join_url: z.string() }) } },
    },
    (request) => joinLink(deps, request.params.meetingId, caller(request)),
  );

  app.post(
    '/zoom/meeting',
    {
      // The webinar is the caller's company's (an admin's: the platform's, for every learner).
      config: { access: allow(staffOfOwnCompany()) },
      schema: { tags, body: newWebinarBody, response: { 200: webinar } },
    },
    (request) => {
      const claims = caller(request);
      return createWebinar(deps, request.body, claims.role === 'admin' ? null : claims.companyId);
    },
  );

  app.get(
    '/googlestorage/download/webinar/:recording',
    {
      config: { access: allow() },
      schema: { tags, params: recordingParams, response: { 200: z.object({ url: z.string() }) } },
    },
    (request) => recordingLink(deps, request.params.recording, caller(request)),
  );
}

import {
  idParams,
  satisfactionBody,
  satisfactionResponse,
  survey,
  surveyDoneBody,
  surveyParams,
} from '@medenglish/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/app-error.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, objectOf, ownCompany, self } from '../../plugins/access-policy.js';
import { today } from '../../lib/clock.js';
import {
  isSurveyOffered,
  markSurveyDone,
  putSurveyOff,
  recordSatisfaction,
  surveyFor,
} from './surveys.service.js';

const tags = ['survey'];

/** A survey offered to the caller (for every company or theirs); another is 404, as an unknown id. */
const offeredSurvey = (source: string) =>
  objectOf('survey offered to the caller', source, (deps, id, claims) =>
    isSurveyOffered(deps.db, id, claims),
  );

/** SPEC §7 survey calls and PUT /student/satisfaction/{id} (SPEC §4 "Survey dialog"). */
export function registerSurveyRoutes(app: App, deps: Deps): void {
  const day = () => today(deps.clock, deps.config.TZ_DISPLAY);

  app.get(
    '/survey/single/:userId/:audience/:semester/:companyId',
    {
      config: { access: allow(self('userId'), ownCompany('companyId')) },
      schema: { tags, params: surveyParams, response: { 200: survey.nullable() } },
    },
    async (request) => {
      const me = caller(request);
      // The learner's own semester (0 for a path learner), not any other of the company's.
      const [user] = await deps.db
        .select({ semester: users.semester })
        .from(users)
        .where(eq(users.id, me.userId));
      if ((user?.semester ?? 0) !== request.params.semester) throw forbidden();
      return surveyFor(deps.db, me, request.params.semester, day());
    },
  );

  app.put(
    '/survey/:id',
    {
      config: { access: allow(offeredSurvey('id')) },
      schema: { tags, params: idParams, body: surveyDoneBody, response: { 200: survey } },
    },
    (request) => {
      const me = caller(request);
      // A learner adds themselves, never anyone else.
      if (request.body.usersDone.some((id) => id !== me.userId)) throw forbidden();
      return markSurveyDone(deps.db, request.params.id, me, day());
    },
  );

  app.put(
    '/survey/later/:id',
    {
      config: { access: allow(offeredSurvey('id')) },
      schema: { tags, params: idParams, response: { 200: survey } },
    },
    (request) => putSurveyOff(deps.db, request.params.id, caller(request), day()),
  );

  app.put(
    '/student/satisfaction/:id',
    {
      config: { access: allow(self('id'), offeredSurvey('body.surveyId')) },
      schema: { tags, params: idParams, body: satisfactionBody, response: { 200: satisfactionResponse } },
    },
    (request) => recordSatisfaction(deps.db, caller(request), deps.clock.now()),
  );
}

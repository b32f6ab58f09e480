import { z } from 'zod';
import {
  glossaryStar,
  glossaryWord,
  glossaryWordBody,
  idParams,
  reviewBody,
  reviewCard,
  userIdParams,
  userWordParams,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow, allowWithCookie, role, self } from '../../plugins/access-policy.js';
import { deleteWord, listWords, putWord } from './glossary.service.js';
import { answer, session, star, stars, unstar } from './review.service.js';

const tags = ['glossary'];
/** SPEC §6: the glossary's add and delete calls are staff's; learners read it. */
const staff = role('teacher', 'manager', 'admin');

/** SPEC §7 "Content": the glossary (issue 14). */
export function registerGlossaryRoutes(app: App, deps: Deps): void {
  app.get(
    '/glossary/',
    {
      // SPEC §6: a path ending with an empty segment is called without the header: the cookie.
      config: { access: allowWithCookie() },
      schema: { tags, response: { 200: z.array(glossaryWord) } },
    },
    () => listWords(deps),
  );

  app.put(
    '/glossary/:id',
    {
      config: { access: allow(staff) },
      schema: { tags, params: idParams, body: glossaryWordBody, response: { 200: glossaryWord } },
    },
    (request) => putWord(deps, request.params.id, request.body),
  );

  app.delete(
    '/glossary/:id',
    {
      config: { access: allow(staff) },
      schema: { tags, params: idParams, response: { 200: z.object({ _id: z.string() }) } },
    },
    (request) => deleteWord(deps, request.params.id),
  );

  // "Review my words" (issue 14): the learner's own starred words and their FSRS schedule.
  app.get(
    '/glossary/stars/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: z.array(glossaryStar) } },
    },
    (request) => stars(deps, request.params.userId),
  );

  app.put(
    '/glossary/stars/:userId/:wordId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userWordParams, response: { 200: glossaryStar } },
    },
    (request) => star(deps, request.params.userId, request.params.wordId),
  );

  app.delete(
    '/glossary/stars/:userId/:wordId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userWordParams, response: { 200: z.object({ wordId: z.string() }) } },
    },
    (request) => unstar(deps, request.params.userId, request.params.wordId),
  );

  app.get(
    '/glossary/review/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: z.array(reviewCard) } },
    },
    (request) => session(deps, request.params.userId),
  );

  app.post(
    '/glossary/review/:userId/:wordId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userWordParams, body: reviewBody, response: { 200: glossaryStar } },
    },
    (request) => answer(deps, request.params.userId, request.params.wordId, request.body.rating),
  );
}

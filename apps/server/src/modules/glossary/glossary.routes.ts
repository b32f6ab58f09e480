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
import { allow, allowWithCookie, objectOf, role, self, staffOfContent } from '../../plugins/access-policy.js';
import { caller } from '../../plugins/authenticate.js';
import {
  deleteWord,
  isWordReadable,
  isWordReadableOrNew,
  listWords,
  putWord,
  wordCompanyOf,
} from './glossary.service.js';
import { answer, session, star, stars, unstar } from './review.service.js';

const tags = ['glossary'];
/** SPEC §6: the glossary's add and delete calls are staff's; learners read it. */
const staff = role('teacher', 'manager', 'admin');
/**
 * Decision 0037: a word the caller does not read (another company's) is not found, as an unknown
 * id; one they read but may not change (the platform's, unless an admin) is refused (403).
 */
const readable = (source: string) =>
  objectOf('glossary word the caller reads', source, (deps, id, claims) => isWordReadable(deps, id, claims));
const editable = staffOfContent('glossary word', 'id', wordCompanyOf);

/** SPEC §7 "Content": the glossary (issue 14). */
export function registerGlossaryRoutes(app: App, deps: Deps): void {
  app.get(
    '/glossary/',
    {
      // SPEC §6: a path ending with an empty segment is called without the header: the cookie.
      config: { access: allowWithCookie() },
      schema: { tags, response: { 200: z.array(glossaryWord) } },
    },
    (request) => listWords(deps, caller(request)),
  );

  app.put(
    '/glossary/:id',
    {
      // A new id is a new word, the caller's company's (an admin's: the platform's).
      config: {
        access: allow(
          staff,
          objectOf('glossary word the caller reads, or a new id', 'id', isWordReadableOrNew),
          editable,
        ),
      },
      schema: { tags, params: idParams, body: glossaryWordBody, response: { 200: glossaryWord } },
    },
    (request) => {
      const claims = caller(request);
      return putWord(
        deps,
        request.params.id,
        request.body,
        claims.role === 'admin' ? null : claims.companyId,
      );
    },
  );

  app.delete(
    '/glossary/:id',
    {
      config: { access: allow(staff, readable('id'), editable) },
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
      config: { access: allow(self('userId'), readable('wordId')) },
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

import { z } from 'zod';
import { glossaryWord, glossaryWordBody, idParams } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow, allowWithCookie, role } from '../../plugins/access-policy.js';
import { deleteWord, listWords, putWord } from './glossary.service.js';

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
}

import { z } from 'zod';
import { dictionaryAnswer, lookupParams, speechAnswer } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow } from '../../plugins/access-policy.js';
import { caller } from '../../plugins/authenticate.js';
import { SERVER_VOICES } from '../../integrations/speech/espeak.js';
import { lookUp } from './dictionary.service.js';
import { createSpeech } from './speech.service.js';

const tags = ['pronunciation'];

/** The pronunciation and dictionary box (SPEC §1, §7 "dictionary lookup by word"; issue 15). */
export function registerDictionaryRoutes(app: App, deps: Deps): void {
  // This instance's speech engines, their queue and the clips it has seen used (issue 32).
  const speech = createSpeech(deps);
  app.get(
    '/dictionary/:word',
    {
      config: { access: allow() },
      schema: { tags, params: lookupParams, response: { 200: dictionaryAnswer } },
    },
    (request) => lookUp(deps, request.params.word, caller(request)),
  );

  app.get(
    '/speech/:word',
    {
      config: { access: allow() },
      schema: {
        tags,
        params: lookupParams,
        querystring: z.object({ voice: z.enum(SERVER_VOICES).default('en-gb-x-rp') }),
        response: { 200: speechAnswer },
      },
    },
    (request) => speech.url(caller(request), request.params.word, request.query.voice),
  );
}

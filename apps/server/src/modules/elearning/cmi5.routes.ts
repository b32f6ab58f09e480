import type { FastifyInstance } from 'fastify';
import { cmi5FetchParams, cmi5FetchResponse } from '@medenglish/shared';
import type { Deps } from '../../deps.js';
import type { App } from '../../lib/route-types.js';
import { publicRoute } from '../../plugins/access-policy.js';
import type { XapiCredentials } from '../xapi/index.js';
import { fetchAuthToken } from './cmi5-fetch.service.js';

/**
 * The fetch URL of a cmi5 launch (cmi5 8.2), in a scope of its own: the AU posts to it from its
 * sandboxed frame (an opaque origin) with whatever body and content type its library sends, so
 * any body is taken and ignored, and the answer is readable from any origin — the one-time token
 * in the path is the credential, never a cookie. A library that posts JSON (a non-simple content
 * type) makes the browser ask first with a preflight: OPTIONS answers it, public like the POST.
 */
export function registerCmi5Routes(scope: FastifyInstance, deps: Deps, credentials: XapiCredentials): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const app = scope as unknown as App;
  app.options(
    '/cmi5/fetch/:token',
    { config: { access: publicRoute() }, schema: { tags: ['elearning'], params: cmi5FetchParams } },
    async (_request, reply) =>
      reply
        .headers({
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'POST, OPTIONS',
          // No credentials are asked for (the token is in the path); whatever the AU's library
          // sends as headers of a body it ignores is allowed.
          'access-control-allow-headers': 'Content-Type, Authorization, X-Experience-API-Version',
          'access-control-max-age': '86400',
        })
        .status(204)
        .send(),
  );
  app.post(
    '/cmi5/fetch/:token',
    {
      config: { access: publicRoute() },
      schema: { tags: ['elearning'], params: cmi5FetchParams, response: { 200: cmi5FetchResponse } },
    },
    async (request, reply) => {
      void reply.header('access-control-allow-origin', '*');
      return fetchAuthToken(deps.db, credentials, request.params.token, deps.clock.now());
    },
  );
}

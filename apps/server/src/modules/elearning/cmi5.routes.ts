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
 * in the path is the credential, never a cookie.
 */
export function registerCmi5Routes(scope: FastifyInstance, deps: Deps, credentials: XapiCredentials): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const app = scope as unknown as App;
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

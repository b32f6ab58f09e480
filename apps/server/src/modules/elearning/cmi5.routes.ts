import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cmi5FetchParams, cmi5FetchResponse } from '@medenglish/shared';
import type { Deps } from '../../deps.js';
import type { App } from '../../lib/route-types.js';
import { publicRoute } from '../../plugins/access-policy.js';
import type { XapiCredentials } from '../xapi/index.js';
import { fetchAuthToken } from './cmi5-fetch.service.js';

/**
 * CORS of the fetch URL, for the POST and its preflight. An AU posts from its sandboxed frame (an
 * opaque origin, sent as `Origin: null`) or, in its own window, from wherever it is served; some
 * libraries post with credentials (`credentials: 'include'`, `withCredentials`), and a browser
 * refuses a credentialed answer that allows `*`. So the request's own Origin is echoed, with
 * Allow-Credentials and Vary: Origin (a cache must not give one origin's answer to another).
 * Echoing any origin is safe here, as it would not be for a cookie-authenticated route: no cookie
 * or other ambient credential decides this answer — the one-time token in the path is the whole
 * credential, and whoever holds the address can read the answer from any origin anyway. A request
 * without an Origin (not a browser's cross-origin one) gets `*`, as before.
 */
function fetchUrlCors(request: FastifyRequest): Record<string, string> {
  const origin = request.headers.origin;
  return origin
    ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
    : { 'access-control-allow-origin': '*', vary: 'Origin' };
}

/**
 * The fetch URL of a cmi5 launch (cmi5 8.2), in a scope of its own: the AU posts to it from its
 * sandboxed frame (an opaque origin) with whatever body and content type its library sends, so
 * any body is taken and ignored, and the answer is readable from any origin (fetchUrlCors). A
 * library that posts JSON (a non-simple content type) makes the browser ask first with a
 * preflight: OPTIONS answers it, public like the POST.
 */
export function registerCmi5Routes(scope: FastifyInstance, deps: Deps, credentials: XapiCredentials): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );
  // Set first, so that every answer of the scope carries them, a refusal of the route too.
  scope.addHook('onRequest', async (request, reply) => void reply.headers(fetchUrlCors(request)));
  const app = scope as unknown as App;
  app.options(
    '/cmi5/fetch/:token',
    { config: { access: publicRoute() }, schema: { tags: ['elearning'], params: cmi5FetchParams } },
    async (request, reply) =>
      reply
        .headers({
          vary: 'Origin, Access-Control-Request-Headers',
          'access-control-allow-methods': 'POST, OPTIONS',
          // Whatever headers the AU's library sends with a body this route ignores are allowed:
          // those it asks for, else the usual ones of an xAPI client.
          'access-control-allow-headers':
            request.headers['access-control-request-headers'] ??
            'Content-Type, Authorization, X-Experience-API-Version',
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
    async (request) => fetchAuthToken(deps.db, credentials, request.params.token, deps.clock.now()),
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/app-error.js';
import {
  CONTENT_PREFIX,
  CONTENT_UNSET_HEADERS,
  contentHeadersFor,
  contentHostAllows,
  hostOfOrigin,
} from '../../modules/elearning/index.js';
import { parseByteRange } from './byte-range.js';
import { isPrivateKey, type DownloadLinks } from './download-links.js';
import { isValidStorageKey, type Storage } from './storage.js';

/** Our own content's policy: no script may run in a stored file opened on its own. */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * GET and HEAD /media/{key}: a stored file from whichever store holds it (decision 0015), with
 * byte ranges for audio and video (206, 416), validators (ETag, Last-Modified, 304) and the
 * headers its kind needs: e-learning packages in their sandbox, a group's documents only at a
 * signed address and never in a shared cache. `origins.content`: packages have an origin of their
 * own (decision 0042), and call the LRS on the app's.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  storage: Storage,
  links: DownloadLinks,
  origins: { app: string; content: string | null },
): void {
  const contentHeaders = contentHeadersFor(origins.content ? origins.app : null);
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf((request.params as { '*': string })['*']);
    if (!key) throw notFound();
    const query = request.query as Record<string, unknown>;
    if (isPrivateKey(key) && !links.verify(key, query)) throw forbidden();
    const info = await storage.head(key);
    if (!info) throw notFound();

    void reply.headers({
      'content-type': info.contentType,
      etag: info.etag,
      'last-modified': info.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
    });
    if (key.startsWith(`${CONTENT_PREFIX}/`)) {
      void reply.headers(contentHeaders);
      // helmet wrote them on the raw response in its onRequest hook.
      for (const name of CONTENT_UNSET_HEADERS) reply.raw.removeHeader(name);
    } else {
      void reply.headers({
        'content-security-policy': FILE_CSP,
        'cache-control': isPrivateKey(key) ? 'private, max-age=3600' : 'public, max-age=86400',
      });
    }
    if (typeof query.filename === 'string' && query.filename) {
      void reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(query.filename)}`,
      );
    }
    if (request.headers['if-none-match'] === info.etag) return reply.status(304).send();

    const range = parseByteRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    }
    const whole = range === 'none';
    const length = whole ? info.size : range.end - range.start + 1;
    void reply.header('content-length', String(length));
    if (!whole)
      void reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    if (request.method === 'HEAD') return reply.send();
    const object = await storage.get(key, whole ? undefined : range);
    if (!object) throw notFound();
    return reply.send(object.body);
  };
  // Files, not API calls: left out of the OpenAPI description (and of the /api access policy;
  // private files need a signed address instead).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: serve,
  });
}

/**
 * With a content origin (decision 0042) the server answers on that host too, with package files
 * only: anything else asked there — an app page, the API — is a 404, before any other hook runs.
 */
export function registerContentHostGuard(app: FastifyInstance, contentOrigin: string): void {
  const contentHost = hostOfOrigin(contentOrigin);
  app.addHook('onRequest', async (request) => {
    if (request.host.toLowerCase() === contentHost && !contentHostAllows(request.method, request.url))
      throw notFound();
  });
}

/** The storage key of a /media path, or null for anything that is not one. */
function keyOf(path: string | undefined): string | null {
  if (!path) return null;
  try {
    const key = path.split('/').map(decodeURIComponent).join('/');
    return isValidStorageKey(key) ? key : null;
  } catch {
    return null;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, messages } from '@medenglish/shared';
import type { Deps } from '../deps.js';
import { readCookie } from '../lib/cookies.js';
import { authCookie } from '../plugins/authenticate.js';
import {
  firstScreenOf,
  loadFirstScreenRenderers,
  loginScreenOf,
  type FirstScreenRenderers,
} from './first-screen.js';
import { pageHtml, type PublicData } from './page-html.js';
import { loadRouteFiles } from './route-files.js';
import { startupData, type StartupData } from './startup-data.js';

/**
 * The built web app: its static files (precompressed, hashed bundles cached for a year) and, for
 * every other GET outside /api, the single page — for a signed-in visit with the page's own files
 * named in its <head> and the first data in its body (issue 10: a cold dashboard on a phone).
 */
export async function registerWebPage(app: FastifyInstance, deps: Deps): Promise<void> {
  const webDist = deps.config.webDist;
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const template = hasWeb ? fs.readFileSync(indexHtml, 'utf8') : '';
  const routeFiles = loadRouteFiles(webDist);
  const placeholderFile = path.join(webDist, 'signed-in-placeholder.html');
  const placeholder = fs.existsSync(placeholderFile) ? fs.readFileSync(placeholderFile, 'utf8') : undefined;
  const renderers = hasWeb ? loadFirstScreenRenderers(webDist, app.log) : (): FirstScreenRenderers => ({});
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      decorateReply: true,
      // The build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs): sent as
      // they are to browsers that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      // dist/server/ is the server's own render module (first-screen.ts), not a file for browsers.
      allowedPath: (pathname) => !pathname.startsWith('/server/'),
    });
    // The login card drawn by the server is a form posted to '/' (lib/drawn-login.ts in the web
    // app): submitted before any script could hold it, it lands here — its body unread, nothing
    // in the address — and the page comes back.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, undefined),
      );
      scope.post('/', async (_request, reply) => reply.redirect('/', 303));
    });
    // Hashed bundles never change: cache them for a year.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/'))
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !path.extname(pathname);
    if (!hasWeb || !isPage) {
      return reply
        .status(404)
        .send({ error: { code: ErrorCode.NOT_FOUND, message: messages.common.notFound } });
    }
    // The login page carries the public configuration it draws from (its banners and school
    // sign-on buttons, which otherwise arrive after the form and push it: layout shift on a phone);
    // client-side routes (/dashboard, /elearning/…) all load the single-page app.
    const data = pathname === '/' ? undefined : await startupData(app, deps, request, pathname);
    // A signed-in dashboard also gets its first cards drawn, from the same answers.
    const firstScreen =
      data && pathname === '/dashboard'
        ? await firstScreenOf(renderers().dashboard, data, themeOf(request), request.log)
        : undefined;
    const html = data
      ? pageHtml(template, {
          preloads: routeFiles(pathname),
          startupData: data,
          placeholder,
          firstScreen,
          htmlAttributes: htmlAttributes(request, data),
        })
      : pathname === '/' || !authCookie(request.headers.cookie)
        ? await loginPage(request, pathname)
        : template;
    // The page is checked at every visit, so a new release's hashed bundles are used; one that
    // holds a learner's data is kept by no cache at all, and differs by session cookie.
    const { encoding, body } = compressed(request, html);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', data ? 'private, no-store' : 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  });

  /**
   * The login page — '/', or any other page visited without a session cookie, which the app sends
   * to '/' — with the public configuration and, for a plain visit (no session cookie; on '/', no
   * parameter: the app would show something else first), the login card drawn by the server in
   * the visitor's language and theme (their cookies), so that its largest paint is the server's.
   */
  async function loginPage(request: FastifyRequest, pathname: string): Promise<string> {
    const data = await publicData(app);
    const plain = !(pathname === '/' && request.url.includes('?')) && !authCookie(request.headers.cookie);
    const language = languageOf(request);
    const theme = themeOf(request);
    const loginScreen =
      data && plain ? loginScreenOf(renderers().login, data, { theme, language }, request.log) : undefined;
    if (!loginScreen) return pageHtml(template, { preloads: [], publicData: data });
    return pageHtml(template, {
      // The login page is the entry and its own imports (named in the template): no other file.
      preloads: [],
      publicData: data,
      firstScreen: loginScreen,
      htmlAttributes: {
        ...(language ? { lang: language } : {}),
        ...(theme ? { 'data-theme': theme } : {}),
      },
    });
  }
}

/** What the login page draws before anyone signs in: GET /api/config/public, as the API answers it. */
async function publicData(app: FastifyInstance): Promise<PublicData | undefined> {
  const answer = await app.inject({ method: 'GET', url: '/api/config/public' });
  return answer.statusCode === 200 ? { publicConfig: answer.json() as unknown } : undefined;
}

/**
 * The page's language (the learner's, so that a screen reader starts in the right one) and theme:
 * the `theme` cookie the web app writes when it settles the learner's choice (light or dark), so
 * the outline drawn before any script matches the app that replaces it.
 */
function htmlAttributes(request: FastifyRequest, data: StartupData): Record<string, string> {
  const attributes: Record<string, string> = {};
  const language = data.user?.language;
  if (language === 'en' || language === 'fr') attributes.lang = language;
  const theme = themeOf(request);
  if (theme) attributes['data-theme'] = theme;
  return attributes;
}

/** The language the web app last ran in on this device (its `language` cookie: 'fr' or 'en'). */
function languageOf(request: FastifyRequest): 'fr' | 'en' | undefined {
  const language = readCookie(request.headers.cookie, 'language');
  return language === 'fr' || language === 'en' ? language : undefined;
}

function themeOf(request: FastifyRequest): 'light' | 'dark' | undefined {
  const theme = readCookie(request.headers.cookie, 'theme');
  return theme === 'light' || theme === 'dark' ? theme : undefined;
}

/**
 * Brotli's default (quality 11) is for files compressed once at build time: on a page of 30 KB it
 * took 40 ms of the event loop per visit, for 2 % fewer bytes than quality 5 (0.3 ms).
 */
const BROTLI_PER_VISIT = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The page in the encoding the browser prefers (brotli, then gzip): it is written per visit. */
function compressed(request: FastifyRequest, html: string): { encoding?: string; body: string | Buffer } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return { encoding: 'br', body: zlib.brotliCompressSync(html, BROTLI_PER_VISIT) };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: zlib.gzipSync(html) };
  return { body: html };
}

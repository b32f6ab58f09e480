// Both interface languages: learners' messages are answered in theirs (request-language plugin).
import '@medenglish/shared/english';
import Fastify, { type FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { APP_VERSION, ErrorCode, messages } from '@medenglish/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { guardDatabase } from './db/transactions.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { createJobs, type Jobs } from './integrations/jobs/jobs.js';
import { createLimits } from './integrations/rate-limit/limits.js';
import { databaseRateLimitStore, redisRateLimitStore } from './integrations/rate-limit/rate-limiter.js';
import type { Storage } from './integrations/storage/storage.js';
import { createDownloadLinks } from './integrations/storage/download-links.js';
import { registerContentHostGuard, registerMediaRoutes } from './integrations/storage/media-route.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { App } from './lib/route-types.js';
import { createAccessTokens, loadSigningKey } from './modules/auth/access-tokens.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { createRefreshTokens } from './modules/auth/refresh-tokens.js';
import { createSessionRevocations } from './modules/auth/session-revocations.js';
import { createDeviceCookies } from './modules/auth/device-cookies.js';
import { registerPasswordResetJob } from './modules/auth/index.js';
import { registerCompanyRoutes } from './modules/companies/companies.routes.js';
import { refuseClientError, registerSecurityHeaders, SECURITY_HEADERS } from './plugins/security-headers.js';
import { registerContentRoutes } from './modules/content/content.routes.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerSurveyRoutes } from './modules/surveys/surveys.routes.js';
import { registerGroupRoutes } from './modules/groups/groups.routes.js';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.js';
import { registerPlacementRoutes } from './modules/placement/placement.routes.js';
import { registerTrackerRoutes } from './modules/trackers/trackers.routes.js';
import { registerStudentRoutes } from './modules/students/students.routes.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerElearningRoutes } from './modules/elearning/elearning.routes.js';
import { registerCmi5Routes } from './modules/elearning/cmi5.routes.js';
import { contentOriginOf } from './modules/elearning/index.js';
import { createXapiCredentials } from './modules/xapi/credentials.js';
import { registerXapiRoutes } from './modules/xapi/xapi.routes.js';
import { registerRequestLanguage } from './plugins/request-language.js';
import { registerAccessPolicy } from './plugins/access-policy.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { registerEvaluoRoutes } from './modules/evaluo/index.js';
import { registerGlossaryRoutes } from './modules/glossary/index.js';
import { registerLibraryRoutes } from './modules/library/index.js';
import { registerLearningLinksRoutes } from './modules/learning-links/index.js';
import { registerMeetingRoom, registerWebinarRoutes } from './modules/webinars/index.js';
import { meetingsFromConfig } from './integrations/meetings/meetings-from-config.js';
import { dictionaryFromConfig } from './integrations/dictionary/dictionary-from-config.js';
import { registerDictionaryRoutes } from './modules/dictionary/index.js';
import { registerSsoRoutes } from './modules/sso/index.js';
import { collapseSlashes } from './lib/duplicate-slashes.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './lib/json-depth.js';
import { AppError } from './lib/app-error.js';
import {
  loggerOptions,
  registerMetrics,
  registerOverloadGuard,
  requestId,
} from './modules/operations/index.js';
import type { Writable } from 'node:stream';
import http from 'node:http';
import { ssoFromConfig } from './integrations/sso/sso-from-config.js';
import { evaluoFromConfig, SIMULATOR_PREFIX } from './integrations/evaluo/evaluo-from-config.js';
import { registerEvaluoSimulator } from './integrations/evaluo/evaluo-simulator.js';
import {
  registerExamJobs,
  registerExamRoutes,
  registerUploadRoutes,
  registerWrittenRoutes,
} from './modules/exams/index.js';
import { registerWebPage } from './web-page/web-page.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs (main.ts starts them; tests run them with runDue). */
    jobs: Jobs;
    /** Builds the offline dictionary's indexes now (about half a second) rather than at the first lookup. */
    warmUpDictionary(): void;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  storage: Storage;
  clock?: Clock;
  mailer?: Mailer;
  /** Where the logs go (tests read them); standard output otherwise. */
  logStream?: Writable;
}

/** JSON bodies of this API are small; anything bigger is refused with 413 before parsing. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole application as a Fastify instance without listening (tests inject requests
 * into it): the API under /api, its OpenAPI description at /api/docs, the built web app at /.
 */
export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : loggerOptions(config.LOG_LEVEL, options.logStream),
    genReqId: requestId,
    // "/api/xapi//activities/state" is "/api/xapi/activities/state" (lib/duplicate-slashes.ts says
    // why, and why here rather than routerOptions.ignoreDuplicateSlashes).
    rewriteUrl: (request) => collapseSlashes(request.url ?? '/'),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Slow requests cut (issue 20): the whole request within REQUEST_TIMEOUT_MS, headers sooner,
    // and the server checks its connections every second rather than every 30 s (Node's default),
    // so a trickled body is refused within the limit, not up to half a minute after it.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          headersTimeout: Math.min(config.REQUEST_TIMEOUT_MS, 20_000),
          keepAliveTimeout: 72_000,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
    // Router-level refusals (over-long path segments, malformed URLs) in the API's error shape,
    // with the security headers, as no hook runs before them (issue 32).
    frameworkErrors: (error, _request, reply) =>
      void (reply as FastifyReply)
        .headers(SECURITY_HEADERS)
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ error: { code: ErrorCode.VALIDATION, message: messages.common.invalidRequest } }),
    // The HTTP server's own refusals (408, 431, 400 for what is not HTTP), with them too.
    clientErrorHandler: refuseClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  registerRequestLanguage(app);
  // JSON bodies are refused past a nesting depth before they are parsed (issue 20): recursive
  // work on 10,000 levels overflowed the stack (a 500) instead of answering 400.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(new AppError(ErrorCode.VALIDATION, messages.common.invalidRequest));
    if (jsonTooDeep(text))
      return done(new AppError(ErrorCode.VALIDATION, messages.common.tooDeep(MAX_JSON_DEPTH)));
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(ErrorCode.VALIDATION, messages.common.invalidRequest));
    }
  });
  // Every answer names its request, so a learner's report and the logs meet (issue 16).
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  await registerOverloadGuard(app, {
    maxEventLoopDelayMs: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.OVERLOAD_MAX_HEAP_BYTES,
    retryAfterSeconds: 5,
  });
  // Prometheus metrics, outside /api; its timing hook sees every route registered after it.
  registerMetrics(app, { db: database.db, pool: database.pool, token: config.METRICS_TOKEN });

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const store = redis ? redisRateLimitStore(redis) : databaseRateLimitStore(database.db);
  const signingKey = await loadSigningKey(database.db, config.AUTH_SECRET);
  const downloadLinks = createDownloadLinks(options.storage, signingKey, clock);
  // Refuses queries on the root database inside a transaction (db/transactions.ts).
  const db = guardDatabase(database.db);
  const jobs = createJobs(db, clock, (m) => config.LOG_LEVEL !== 'silent' && console.error(m));
  // Stopped before the database closes: a running job finishes its work first.
  app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);
  // Sessions ended before their access tokens expire (issue 20), read from the database by every
  // instance every SESSION_REVOCATION_POLL_MS.
  const revocations = createSessionRevocations(database.db, clock, {
    tokenMinutes: config.ACCESS_TOKEN_MINUTES,
    pollMs: config.SESSION_REVOCATION_POLL_MS,
  });
  await revocations.sync();
  revocations.start();
  app.addHook('onClose', () => revocations.stop());
  const xapiCredentials = createXapiCredentials(signingKey, clock, config.XAPI_BASIC_AUTH, revocations);
  const publicUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
  const evaluo = evaluoFromConfig(config, publicUrl, clock, () => app.server.address());
  const dictionary = dictionaryFromConfig(config);
  app.addHook('onClose', () => dictionary.offline.close());
  // main.ts builds the dictionary's indexes before listening; tests build them when first used.
  app.decorate('warmUpDictionary', () => dictionary.offline.warmUp());
  const deps: Deps = {
    config,
    db,
    // Named statements live in a server session; PGlite has one session that every loopback
    // connection shares, so a statement prepared by one connection exists for the next.
    namedStatements: database.kind === 'postgres',
    clock,
    mailer:
      options.mailer ??
      createMailer(db, jobs, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        log: (m) => config.LOG_LEVEL !== 'silent' && console.log(`\n--- e-mail ---\n${m}\n--------------`),
      }),
    jobs,
    limits: createLimits(store, config),
    storage: options.storage,
    downloadLinks,
    accessTokens: await createAccessTokens(signingKey, config.ACCESS_TOKEN_MINUTES, clock, revocations),
    deviceCookies: createDeviceCookies(signingKey, { secure: publicUrl.startsWith('https:') }),
    refreshTokens: createRefreshTokens(database.db, clock, config.REFRESH_IDLE_DAYS, revocations),
    publicUrl,
    contentOrigin: contentOriginOf(config, publicUrl),
    evaluo: evaluo.client,
    dictionary: dictionary.dictionary,
    ssoProviders: () => [],
    meetings: meetingsFromConfig(config, {
      secret: signingKey,
      storage: options.storage,
      links: downloadLinks,
      clock,
    }),
  };
  // Single sign-on (issue 16): the schools' providers, or the built-in demo one under /dev-idp.
  const sso = await ssoFromConfig(app, config, publicUrl, signingKey);
  deps.ssoProviders = sso.labels;
  registerExamJobs(deps);
  registerPasswordResetJob(deps);

  registerSecurityHeaders(app, { frameSrc: deps.contentOrigin ? [deps.contentOrigin] : [] });
  if (deps.contentOrigin) registerContentHostGuard(app, deps.contentOrigin);
  // Before any route: every /api route declares who may call it, or the app does not start.
  registerAccessPolicy(app, deps);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MedEnglish API',
        version: APP_VERSION,
        description: 'The calls of SPEC §7, under /api.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token {token}' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      const routes = api as unknown as App;
      registerSystemRoutes(routes, deps);
      registerAuthRoutes(routes, deps);
      registerStudentRoutes(routes, deps);
      registerCompanyRoutes(routes, deps);
      registerGroupRoutes(routes, deps);
      registerNotificationRoutes(routes, deps);
      registerPlacementRoutes(routes, deps);
      registerTrackerRoutes(routes, deps);
      registerContentRoutes(routes, deps);
      registerSurveyRoutes(routes, deps);
      registerFileRoutes(routes, deps);
      registerElearningRoutes(routes, deps, xapiCredentials);
      registerAdminRoutes(routes, deps);
      registerExamRoutes(routes, deps);
      registerWrittenRoutes(routes, deps);
      registerEvaluoRoutes(routes, deps);
      registerGlossaryRoutes(routes, deps);
      registerLibraryRoutes(routes, deps);
      registerLearningLinksRoutes(routes, deps);
      registerWebinarRoutes(routes, deps);
      registerDictionaryRoutes(routes, deps);
      registerSsoRoutes(routes, deps, sso);
    },
    { prefix: '/api' },
  );
  // The demo's offline exam provider, when no real one is configured (issue 13, decision 0020).
  const simulator = evaluo.simulator;
  if (simulator) {
    await app.register(async (sim) => registerEvaluoSimulator(sim, simulator), { prefix: SIMULATOR_PREFIX });
  }
  // The abstract upload is the one multipart body the API reads (issue 13).
  await app.register(async (uploads) => registerUploadRoutes(uploads, deps), { prefix: '/api' });
  // The cmi5 fetch URL takes whatever body an AU sends with its POST (issue 18).
  await app.register(async (cmi5) => registerCmi5Routes(cmi5, deps, xapiCredentials), { prefix: '/api' });
  // The learning record store parses its own bodies (statements, state documents of any type).
  await app.register(async (lrs) => registerXapiRoutes(lrs, deps, xapiCredentials), { prefix: '/api/xapi' });
  // API answers are a learner's own data: never kept by a shared cache, nor by the browser's.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'private, no-store');
    }
  });

  // Stored files (SPEC §7 media paths under /placementTest, /resources/video…) from whichever
  // store holds them, with Range requests for audio and video (integrations/storage).
  registerMediaRoutes(app, options.storage, downloadLinks, {
    app: new URL(publicUrl).origin,
    content: deps.contentOrigin,
  });
  // The built-in meetings provider's rooms, where its join addresses lead (issue 15).
  if (deps.meetings.kind === 'built-in') registerMeetingRoom(app, deps.db, config.TZ_DISPLAY);

  // The built web app at / (web-page/): static files, and the single page for every other path.
  await registerWebPage(app, deps);

  return app;
}

export type MedEnglishApp = Awaited<ReturnType<typeof buildApp>>;

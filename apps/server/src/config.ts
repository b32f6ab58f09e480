import path from 'node:path';
import { z } from 'zod';
import { DEMO_IDS } from './demo/demo-ids.js';

/**
 * The one place that reads environment variables (DEMO.md "Configuration"). Everything else
 * receives a Config, so tests build apps with any configuration they need.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const positiveInt = z.coerce.number().int().positive();
/** An unset or empty variable both mean "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /**
   * A tarball of an embedded database's data folder (PGlite's dumpDataDir) to start a NEW DATA_DIR
   * from, instead of initdb; ignored once DATA_DIR/pg exists. The browser tests start a dozen
   * servers from one migrated template.
   */
  PGLITE_TEMPLATE: z.string().optional(),
  /** Where stored files live: unset for DATA_DIR/files, or s3://bucket[/prefix]?endpoint=… */
  STORAGE_URL: optional(z.string()),
  DATABASE_URL: optional(z.string().url()),
  DEMO_SEED: flag.default(true),
  MAINTENANCE_FROM: day.default('2025-08-01'),
  MAINTENANCE_TO: day.default('2025-08-13'),
  HOLIDAY_FROM: day.default('2022-12-23'),
  HOLIDAY_TO: day.default('2023-01-02'),
  SSO_BLOCKED_DOMAIN: z.string().default('etu.demo-univ.fr'),
  /** Comma-separated company ids that skip the placement test (default: the demo's Clinique Démo). */
  PLACEMENT_EXEMPT_COMPANIES: z.string().default(DEMO_IDS.clinique),
  TZ_DISPLAY: z.string().default('Europe/Paris'),
  /** Public address used in e-mailed links; defaults to the listen address. */
  PUBLIC_URL: optional(z.string().url()),
  /**
   * The origin e-learning packages are served from, when not the app's (decision 0042): another
   * host name pointing at this server, e.g. https://content.medenglish.example. Unset: packages
   * are served from the app's own origin, in the opaque sandbox only.
   */
  CONTENT_ORIGIN: optional(
    z
      .string()
      .url()
      .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http or https origin')
      .refine((u) => {
        const url = new URL(u);
        return url.pathname === '/' && !url.search && !url.hash && !url.username;
      }, 'must be an origin only: scheme, host and port, no path')
      .transform((u) => new URL(u).origin),
  ),
  HELP_URL: z.string().url().default('https://support.medenglish.example/'),
  /** The service desk's search, opened from /help with the learner's question in place of {query}. */
  SERVICE_DESK_SEARCH_URL: z
    .string()
    .url()
    .refine((u) => u.includes('{query}'), 'must contain {query}')
    .default('https://support.medenglish.example/search?q={query}'),
  SMTP_URL: optional(z.string()),
  MAIL_FROM: z.string().default('MedEnglish <no-reply@medenglish.example>'),
  /** How often an instance looks for due background jobs (integrations/jobs). */
  JOBS_POLL_MS: positiveInt.default(1000),
  /** Secret that signs access tokens; when unset one is generated once and kept in the database. */
  AUTH_SECRET: optional(z.string().min(32)),
  ACCESS_TOKEN_MINUTES: positiveInt.default(15),
  REFRESH_IDLE_DAYS: positiveInt.default(30),
  /** How often each instance reads the sessions ended elsewhere (issue 20: within 60 s). */
  SESSION_REVOCATION_POLL_MS: positiveInt.default(10_000),
  RATE_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  RATE_LIMIT_LOGIN_FAILURES: positiveInt.default(10),
  RATE_LIMIT_LOGIN_ACCOUNT_FAILURES: positiveInt.default(50),
  RATE_LIMIT_IP_ATTEMPTS: positiveInt.default(100),
  REDIS_URL: optional(z.string()),
  /**
   * Behind a load balancer: 'true', a number of hops, or comma-separated addresses/CIDRs of the
   * proxies, so that rate limits count the learner's address rather than the balancer's.
   */
  TRUST_PROXY: z.string().default('false'),
  /**
   * `key:secret` of HTTP Basic credentials with full access to the learning record store
   * (/api/xapi), for an institution's reporting tools; unset: only content launches may use it.
   */
  XAPI_BASIC_AUTH: optional(
    z.string().regex(/^[^:]+:.{16,}$/, 'expected key:secret, secret of 16+ characters'),
  ),
  /**
   * Browser tests of timed exams only (issue 12): the server's clock can be moved forward with
   * POST /__test__/clock {"advanceMs"}. Refused when NODE_ENV is production.
   */
  TEST_CLOCK: flag.default(false),
  /**
   * The external exam provider (issue 13, decision 0020): its address (the API under /api) and
   * key. Unset: the built-in offline simulator under /evaluo-sim answers, with the demo's exams.
   */
  EVALUO_URL: optional(z.string().url()),
  /** Where learners' browsers open the provider's pages, when not at EVALUO_URL. */
  EVALUO_PUBLIC_URL: optional(z.string().url()),
  EVALUO_KEY: optional(z.string().min(8)),
  EVALUO_TIMEOUT_MS: positiveInt.default(5000),
  /**
   * Schools' OpenID providers for single sign-on (issue 16): a JSON array of
   * {id, issuer, clientId, clientSecret, label, companyId, domain}. Unset: the built-in demo
   * provider under /dev-idp, for Université Démo's etu.demo-univ.fr addresses.
   */
  SSO_PROVIDERS: optional(z.string()),
  /** Seconds an authorization code of the built-in demo provider lives (tests shorten it). */
  DEMO_IDP_CODE_SECONDS: positiveInt.default(60),
  /**
   * Whether the built-in demo identity provider (/dev-idp) and the offline exam provider's simulator
   * (/evaluo-sim) stand in when SSO_PROVIDERS, or EVALUO_URL, is unset (issue 32). Default: yes,
   * unless NODE_ENV is production, where an unset provider is simply absent.
   */
  DEMO_IDP: optional(flag),
  EVALUO_SIMULATOR: optional(flag),
  /**
   * The meetings provider of the webinars (issue 15): Zoom's Server-to-Server OAuth app when all
   * three are set, else the built-in provider (generated links, rooms on this server).
   */
  ZOOM_ACCOUNT_ID: optional(z.string().min(1)),
  ZOOM_CLIENT_ID: optional(z.string().min(1)),
  ZOOM_CLIENT_SECRET: optional(z.string().min(1)),
  /** Zoom's API and OAuth addresses (a test server speaking Zoom's protocol sets them). */
  ZOOM_API_URL: z.string().url().default('https://api.zoom.us/v2'),
  ZOOM_OAUTH_URL: z.string().url().default('https://zoom.us'),
  /**
   * The dictionary of the pronunciation box (issue 15): an API in the Free Dictionary API's format
   * (`{url}/{word}`); unset, the bundled WordNet answers (it also answers when the API fails).
   */
  DICTIONARY_URL: optional(z.string().url()),
  DICTIONARY_TIMEOUT_MS: positiveInt.default(3000),
  /** The speech engine the server reads words with when a browser has no en-GB voice. */
  ESPEAK_PATH: z.string().default('espeak-ng'),
  /**
   * Bounds of the server's speech (issue 32): engines run at once per instance, requests that may
   * wait for one (past that: 503), new words a learner may have read per RATE_LIMIT_WINDOW_MINUTES
   * (words already stored do not count), and clips kept in storage (the least recently used go).
   */
  SPEECH_CONCURRENCY: positiveInt.default(2),
  SPEECH_QUEUE_LENGTH: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_SPEECH_WORDS: positiveInt.default(60),
  SPEECH_MAX_CLIPS: positiveInt.default(2000),
  /**
   * Operations (issue 16): a bearer token for GET /metrics (unset: loopback only); load shedding
   * when the event loop lags past this many milliseconds, or the heap passes this many bytes.
   */
  METRICS_TOKEN: optional(z.string().min(16)),
  /**
   * How long a request may take to arrive, headers and body (issue 20): a body sent a byte at a
   * time is cut then (408) rather than holding a connection for minutes.
   */
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: positiveInt.default(1000),
  OVERLOAD_MAX_HEAP_BYTES: optional(positiveInt),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optional(z.string()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'PLACEMENT_EXEMPT_COMPANIES' | 'TRUST_PROXY' | 'DEMO_IDP' | 'EVALUO_SIMULATOR'
> {
  DEMO_IDP: boolean;
  EVALUO_SIMULATOR: boolean;
  placementExemptCompanies: string[];
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  webDist: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const { PLACEMENT_EXEMPT_COMPANIES, WEB_DIST, TRUST_PROXY, DEMO_IDP, EVALUO_SIMULATOR, ...rest } =
    parsed.data;
  // The demo's stand-ins are there unless production leaves them out (issue 32).
  const demoDefault = env.NODE_ENV !== 'production';
  if (rest.TEST_CLOCK && env.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: TEST_CLOCK cannot be set in production');
  }
  return {
    ...rest,
    DEMO_IDP: DEMO_IDP ?? demoDefault,
    EVALUO_SIMULATOR: EVALUO_SIMULATOR ?? demoDefault,
    trustProxy: parseTrustProxy(TRUST_PROXY),
    WEB_DIST,
    placementExemptCompanies: PLACEMENT_EXEMPT_COMPANIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A configuration for tests: defaults, plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Load shedding is tested on its own (operations.db.test.ts): elsewhere a test machine's pause
  // (two test files loading dictionaries at once on two slow cores) must not turn into 503s.
  return { ...loadConfig({ LOG_LEVEL: 'silent', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '60000' }), ...overrides };
}

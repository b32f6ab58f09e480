import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Jobs } from './integrations/jobs/jobs.js';
import type { Mailer } from './integrations/mail/mailer.js';
import type { Limits } from './integrations/rate-limit/limits.js';
import type { Storage } from './integrations/storage/storage.js';
import type { DownloadLinks } from './integrations/storage/download-links.js';
import type { Clock } from './lib/clock.js';
import type { EvaluoClient } from './integrations/evaluo/evaluo-client.js';
import type { MeetingsProvider } from './integrations/meetings/meetings-provider.js';
import type { Dictionary } from './integrations/dictionary/dictionary.js';
import type { AccessTokens } from './modules/auth/access-tokens.js';
import type { RefreshTokens } from './modules/auth/refresh-tokens.js';
import type { DeviceCookies } from './modules/auth/device-cookies.js';

/** What route modules and services receive: built once in buildApp, replaceable in tests. */
export interface Deps {
  config: Config;
  db: Db;
  /** Whether hot statements may be prepared by name (PostgreSQL server, not embedded PGlite). */
  namedStatements: boolean;
  clock: Clock;
  mailer: Mailer;
  jobs: Jobs;
  limits: Limits;
  storage: Storage;
  /** Time-limited addresses of stored files (signed /media on disk, presigned on S3). */
  downloadLinks: DownloadLinks;
  accessTokens: AccessTokens;
  /** The login's device cookies (issue 20): a known browser keeps its own failure budget. */
  deviceCookies: DeviceCookies;
  refreshTokens: RefreshTokens;
  /** Base address for links in e-mails, without a trailing slash. */
  publicUrl: string;
  /** Where e-learning packages are served from when not the app's origin (decision 0042). */
  contentOrigin: string | null;
  /** The external exam provider's adapter (the built-in simulator by default). */
  evaluo: EvaluoClient;
  /** The webinars' meetings provider (built-in by default, Zoom by configuration). */
  meetings: MeetingsProvider;
  /** The pronunciation box's dictionary (WordNet offline, or an API by configuration). */
  dictionary: Dictionary;
  /** The single sign-on buttons of the login page (issue 16): each provider's id and label. */
  ssoProviders(): { id: string; label: string }[];
}

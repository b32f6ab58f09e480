import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { DownloadLinks } from '../storage/download-links.js';
import type { Storage } from '../storage/storage.js';
import { createBuiltInMeetings } from './built-in-meetings.js';
import type { MeetingsProvider } from './meetings-provider.js';
import { createZoomMeetings } from './zoom-client.js';

/** Zoom when its Server-to-Server OAuth app is configured, else the built-in provider (issue 15). */
export function meetingsFromConfig(
  config: Config,
  builtIn: { secret: Uint8Array; storage: Storage; links: DownloadLinks; clock: Clock },
): MeetingsProvider {
  if (config.ZOOM_ACCOUNT_ID && config.ZOOM_CLIENT_ID && config.ZOOM_CLIENT_SECRET) {
    return createZoomMeetings({
      accountId: config.ZOOM_ACCOUNT_ID,
      clientId: config.ZOOM_CLIENT_ID,
      clientSecret: config.ZOOM_CLIENT_SECRET,
      apiBase: config.ZOOM_API_URL,
      oauthBase: config.ZOOM_OAUTH_URL,
      timeZone: config.TZ_DISPLAY,
    });
  }
  return createBuiltInMeetings(builtIn);
}

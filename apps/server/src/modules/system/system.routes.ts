import {
  APP_VERSION,
  healthResponse,
  readinessResponse,
  holidayMessage,
  isHolidayNoticeDay,
  isMaintenanceDay,
  maintenanceMessage,
  publicConfig,
  timeResponse,
} from '@medenglish/shared';
import { today, zonePeriodsAround } from '../../lib/clock.js';
import { readiness } from '../operations/index.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { publicRoute } from '../../plugins/access-policy.js';

const tags = ['system'];

export function registerSystemRoutes(app: App, deps: Deps): void {
  const { config } = deps;

  app.get(
    '/health',
    {
      config: { access: publicRoute() },
      schema: { tags, response: { 200: healthResponse } },
    },
    () => ({ status: 'ok' as const }),
  );

  // Issue 16: the process answers (a restart is needed otherwise)…
  app.get(
    '/health/live',
    { config: { access: publicRoute() }, schema: { tags, response: { 200: healthResponse } } },
    () => ({ status: 'ok' as const }),
  );
  // …and may take traffic: database, migrations, jobs (a balancer waits or looks elsewhere).
  app.get(
    '/health/ready',
    {
      config: { access: publicRoute() },
      schema: { tags, response: { 200: readinessResponse, 503: readinessResponse } },
    },
    async (_request, reply) => {
      const state = await readiness(deps.db, deps.jobs);
      return reply.status(state.ready ? 200 : 503).send(state);
    },
  );

  // The server-time call of SPEC §7: "today" is the server's, never the browser's.
  app.get(
    '/time',
    {
      config: { access: publicRoute() },
      schema: { tags, response: { 200: timeResponse } },
    },
    () => ({
      now: deps.clock.now().toISOString(),
      today: today(deps.clock, config.TZ_DISPLAY),
      timeZone: config.TZ_DISPLAY,
      zonePeriods: zonePeriodsAround(deps.clock, config.TZ_DISPLAY),
    }),
  );

  // What the login page shows before anyone signs in: banners and links of SPEC §2 and §9.
  app.get(
    '/config/public',
    {
      config: { access: publicRoute() },
      schema: { tags, response: { 200: publicConfig } },
    },
    () => {
      const day = today(deps.clock, config.TZ_DISPLAY);
      const maintenance = { from: config.MAINTENANCE_FROM, to: config.MAINTENANCE_TO };
      const holiday = { from: config.HOLIDAY_FROM, to: config.HOLIDAY_TO };
      return {
        version: APP_VERSION,
        today: day,
        maintenance: {
          ...maintenance,
          active: isMaintenanceDay(day, maintenance),
          message: maintenanceMessage(maintenance),
        },
        holiday: { ...holiday, active: isHolidayNoticeDay(day, holiday), message: holidayMessage(holiday) },
        ssoBlockedDomain: config.SSO_BLOCKED_DOMAIN || null,
        helpUrl: config.HELP_URL,
        serviceDeskSearchUrl: config.SERVICE_DESK_SEARCH_URL,
        ssoProviders: deps.ssoProviders(),
      };
    },
  );
}

import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });

/**
 * The server-time call of SPEC §7: "today" is the server's, in TZ_DISPLAY. `zonePeriods`, the
 * zone's offsets from UTC for a year either side of now, lets a browser show instants without
 * building an Intl formatter (rules/dates.ts); a client without them uses Intl.
 */
export const timeResponse = z.object({
  now: z.string(),
  today: z.string(),
  timeZone: z.string(),
  zonePeriods: z
    .array(z.object({ from: z.number().int(), to: z.number().int(), minutes: z.number().int() }))
    .optional(),
});

/** Public settings the login page needs before anyone is signed in. */
export const publicConfig = z.object({
  version: z.string(),
  today: z.string(),
  maintenance: z.object({ from: z.string(), to: z.string(), active: z.boolean(), message: z.string() }),
  holiday: z.object({ from: z.string(), to: z.string(), active: z.boolean(), message: z.string() }),
  ssoBlockedDomain: z.string().nullable(),
  helpUrl: z.string(),
  /** The service desk's search address, `{query}` standing for the learner's words (/help). */
  serviceDeskSearchUrl: z.string(),
  /** Single sign-on buttons (issue 16): each school provider's id and label. */
  ssoProviders: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/**
 * GET /admin/outbox (platform admins): the latest mails and where each stands — queued for its
 * delivery job, sent, kept (offline mode) or failed — without their bodies.
 */
export const outboxEntry = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(['queued', 'sent', 'kept', 'failed']),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const outboxQuery = z.object({
  state: z.enum(['queued', 'sent', 'kept', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET /api/health/ready (issue 16): whether this instance may take traffic, and why not. */
export const readinessResponse = z.object({
  ready: z.boolean(),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), jobs: z.boolean() }),
});

/**
 * The platform's admins suspend an account or block a school's sign-ins (issue 20): the change
 * ends the sessions concerned at once, not when their tokens run out.
 */
export const userBlockBody = z.object({ blocked: z.boolean() }).strict();
export const companyBlockBody = z.object({ loginBlocked: z.boolean() }).strict();
export const blockResult = z.object({
  /** How many users' sessions were ended by this change. */
  sessionsEnded: z.number().int(),
});

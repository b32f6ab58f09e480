import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });

/** The server-time call of SPEC §7: "today" is the server's, in TZ_DISPLAY. */
export const timeResponse = z.object({ now: z.string(), today: z.string(), timeZone: z.string() });

/** Public settings the login page needs before anyone is signed in. */
export const publicConfig = z.object({
  version: z.string(),
  today: z.string(),
  maintenance: z.object({ from: z.string(), to: z.string(), active: z.boolean(), message: z.string() }),
  holiday: z.object({ from: z.string(), to: z.string(), active: z.boolean(), message: z.string() }),
  ssoBlockedDomain: z.string().nullable(),
  helpUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

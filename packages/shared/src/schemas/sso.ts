import { z } from 'zod';
import { authData } from './auth.js';
import { personName } from './user.js';

/** The single sign-on providers shown on the login page (issue 16): their id and button label. */
export const ssoProviderPublic = z.object({ id: z.string(), label: z.string() });

/** POST /sso/exchange: the one-time code the sign-on callback put in the address. */
export const ssoExchangeBody = z.object({ code: z.string().min(20).max(100) });

/**
 * Its answer: signed in (the usual auth data, plus what single logout needs), or — at a first
 * sign-in — the sign-up's last question, the semester (SPEC §4 "step 0 … plus semester when
 * identity-provider data is given").
 */
export const ssoExchangeAnswer = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signedIn'),
    provider: z.string(),
    /** The account's address (the web app keeps it to refresh the session, as after a login). */
    email: z.string(),
    idToken: z.string().nullable(),
    auth: authData,
  }),
  z.object({
    kind: z.literal('signup'),
    provider: z.string(),
    email: z.string(),
    firstname: z.string(),
    name: z.string(),
    semesters: z.array(z.number().int()),
  }),
]);
export type SsoExchangeAnswer = z.infer<typeof ssoExchangeAnswer>;

/**
 * POST /sso/signup: the first sign-in's code (still valid), the semester chosen, and what password
 * sign-up asks too (SPEC §5, issue 32): the names — the school's, cleaned, confirmed or corrected
 * by the learner and checked by the same rule — and the consent checkbox.
 */
export const ssoSignupBody = z.object({
  code: z.string().min(20).max(100),
  semester: z.number().int().min(1).max(10),
  firstname: personName,
  name: personName,
  consent: z.literal(true),
});
export type SsoSignupBody = z.infer<typeof ssoSignupBody>;

import { z } from 'zod';

/**
 * The schools' OpenID providers (issue 16), from SSO_PROVIDERS: each with its issuer, client, the
 * label of its button (its "portal", SPEC §8 'Connexion impossible' is prefixed by it), the company
 * its new learners join and the e-mail domain it serves.
 */
export const ssoProviderConfig = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  label: z.string().min(1).max(80),
  companyId: z.uuid(),
  domain: z.string().min(3).optional(),
});
export type SsoProviderConfig = z.infer<typeof ssoProviderConfig>;

export const ssoProvidersConfig = z.array(ssoProviderConfig).max(20);

export function parseSsoProviders(json: string | undefined): SsoProviderConfig[] | null {
  if (!json) return null;
  return ssoProvidersConfig.parse(JSON.parse(json));
}

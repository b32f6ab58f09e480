import { z } from 'zod';

/**
 * The schools' OpenID providers (issue 16), from SSO_PROVIDERS: each with its issuer, client, the
 * label of its button (its "portal", SPEC §8 'Connexion impossible' is prefixed by it), the company
 * its new learners join and the e-mail domain it serves.
 */
/** A domain of at least two labels: 'com' or '@etu.fr' would speak for everyone, or no one. */
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export const ssoProviderConfig = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  label: z.string().min(1).max(80),
  companyId: z.uuid(),
  /**
   * The e-mail domain (and its subdomains) the provider speaks for: it may sign in, link or create
   * only accounts of addresses there (issue 32), and password sign-up refuses them.
   */
  domain: z
    .string()
    .transform((d) => d.trim().toLowerCase())
    .pipe(z.string().regex(HOSTNAME, 'a host name such as etu.univ.fr (no @, no final dot)')),
});
export type SsoProviderConfig = z.infer<typeof ssoProviderConfig>;

/**
 * Two schools' domains must not overlap (one equal to, or a parent of, the other) unless they are
 * the same company's: otherwise the parent's provider would speak for the other school's
 * addresses and could create them in its own company first.
 */
export const ssoProvidersConfig = z
  .array(ssoProviderConfig)
  .max(20)
  .superRefine((providers, context) => {
    const within = (a: string, b: string) => a === b || a.endsWith(`.${b}`);
    providers.forEach((p, i) =>
      providers.slice(i + 1).forEach((q) => {
        if (p.companyId !== q.companyId && (within(p.domain, q.domain) || within(q.domain, p.domain)))
          context.addIssue({
            code: 'custom',
            message: `providers ${p.id} and ${q.id} of different companies share addresses (${p.domain}, ${q.domain})`,
          });
      }),
    );
  });

export function parseSsoProviders(json: string | undefined): SsoProviderConfig[] | null {
  if (!json) return null;
  return ssoProvidersConfig.parse(JSON.parse(json));
}

/** The demo school's address domain: the only one its built-in provider speaks for (issue 32). */
export const DEMO_IDP_DOMAIN = 'etu.demo-univ.fr';

/**
 * Every domain whose addresses must sign in through a school (issue 32): SSO_BLOCKED_DOMAIN and
 * each configured provider's. Password sign-up, sign-in and reset refuse them.
 */
export function schoolSignOnDomains(config: {
  SSO_BLOCKED_DOMAIN: string;
  SSO_PROVIDERS?: string;
  DEMO_IDP: boolean;
}): string[] {
  const key = `${config.SSO_BLOCKED_DOMAIN}\n${config.SSO_PROVIDERS ?? ''}\n${config.DEMO_IDP}`;
  if (cached?.key !== key) {
    // Without SSO_PROVIDERS the demo school's provider, where mounted, speaks for its own domain.
    const demo = config.DEMO_IDP ? [DEMO_IDP_DOMAIN] : [];
    const providers = parseSsoProviders(config.SSO_PROVIDERS)?.map((p) => p.domain) ?? demo;
    const domains = [config.SSO_BLOCKED_DOMAIN, ...providers];
    cached = { key, domains: [...new Set(domains.map((d) => d.trim().toLowerCase()).filter(Boolean))] };
  }
  return cached.domains;
}
let cached: { key: string; domains: string[] } | undefined;

import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from '@medenglish/shared';
import type { Config } from '../../config.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { DEMO_IDP_CLIENT_ID, DEMO_IDP_PREFIX, mountDemoIdentityProvider } from './demo-identity-provider.js';
import { createOidcRelyingParty, type OidcRelyingParty } from './oidc-client.js';
import { DEMO_IDP_DOMAIN, parseSsoProviders, type SsoProviderConfig } from './sso-providers.js';

/** The id of the demo school's provider (its button, its callback path). */
export const DEMO_SSO_PROVIDER = 'ecole';

/**
 * The relying parties of the configured providers (SSO_PROVIDERS), or of the built-in demo
 * provider, mounted here when nothing is configured so that sign-on works offline (issue 16).
 */
export async function ssoFromConfig(
  app: FastifyInstance,
  config: Config,
  publicUrl: string,
  signingKey: Uint8Array,
): Promise<{
  parties: Map<string, OidcRelyingParty>;
  secret: Uint8Array;
  publicUrl: string;
  labels: () => { id: string; label: string }[];
}> {
  const configured = parseSsoProviders(config.SSO_PROVIDERS);
  let providers: SsoProviderConfig[];
  if (configured) {
    providers = configured;
  } else if (!config.DEMO_IDP) {
    // Production without a school's provider (issue 32): no sign-on button, no /dev-idp.
    providers = [];
  } else {
    // Derived from the signing key, so every instance of one installation agrees on it.
    const clientSecret = createHmac('sha256', signingKey)
      .update('demo identity provider client')
      .digest('base64url');
    const issuer = `${publicUrl}${DEMO_IDP_PREFIX}`;
    await mountDemoIdentityProvider(app, {
      issuer,
      clientSecret,
      redirectUri: `${publicUrl}/api/sso/${DEMO_SSO_PROVIDER}/callback`,
      postLogoutRedirectUri: `${publicUrl}/`,
      codeTtlSeconds: config.DEMO_IDP_CODE_SECONDS,
    });
    providers = [
      {
        id: DEMO_SSO_PROVIDER,
        issuer,
        clientId: DEMO_IDP_CLIENT_ID,
        clientSecret,
        label: '',
        companyId: DEMO_IDS.universite,
        domain: DEMO_IDP_DOMAIN,
      },
    ];
  }
  const parties = new Map(
    providers.map((p) => [
      p.id,
      createOidcRelyingParty(p, { allowHttp: !configured || p.issuer.startsWith('http://') }),
    ]),
  );
  return {
    parties,
    secret: signingKey,
    publicUrl,
    // The demo's button says 'Portail école' in the learner's language; a school's, its own label.
    labels: () => providers.map((p) => ({ id: p.id, label: p.label || messages.login.ssoPortal })),
  };
}

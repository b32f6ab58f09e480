import * as client from 'openid-client';
import type { SsoProviderConfig } from './sso-providers.js';

/** What the browser carries between the start of a sign-on and its callback (in a signed cookie). */
export interface SsoFlow {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstname: string;
  name: string;
  idToken: string | undefined;
}

/**
 * The relying party of one school provider (openid-client): discovery once, then the
 * authorization code flow with PKCE, state and nonce, the ID token checked by the library
 * (signature, issuer, audience, expiry, nonce), and the end-session address when offered.
 */
export function createOidcRelyingParty(provider: SsoProviderConfig, options: { allowHttp: boolean }) {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        execute: options.allowHttp ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = null; // a provider down at start is asked again next time
        throw error;
      });
    return discovered;
  };

  return {
    provider,
    async start(redirectUri: string): Promise<{ url: string; flow: SsoFlow }> {
      const config = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const flow: SsoFlow = {
        provider: provider.id,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    /** The callback's address as the provider sent the browser to it; throws on any mismatch. */
    async finish(callbackUrl: URL, flow: SsoFlow): Promise<SsoIdentity> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // A conforming provider puts only the subject in the ID token when it has a userinfo
      // endpoint: the e-mail and names are asked there, for that same subject (checked).
      const claims = config.serverMetadata().userinfo_endpoint
        ? { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
        : idClaims;
      const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(claims.email).toLowerCase() || null,
        emailVerified: claims.email_verified === true,
        firstname: text(claims.given_name),
        name: text(claims.family_name),
        idToken: tokens.id_token,
      };
    },

    /** The provider's end-session address (single logout), or null when it has none. */
    async endSessionUrl(postLogoutRedirectUri: string, idTokenHint?: string): Promise<string | null> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
      }).href;
    },
  };
}

export type OidcRelyingParty = ReturnType<typeof createOidcRelyingParty>;

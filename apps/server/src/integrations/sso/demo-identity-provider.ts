import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { escapeHtml } from '../../lib/html.js';

/** Where the demo school's identity provider is mounted (issue 16, DEMO.md). */
export const DEMO_IDP_PREFIX = '/dev-idp';
export const DEMO_IDP_CLIENT_ID = 'medenglish-demo';

/** The demo school's accounts: the provider's own directory, not MedEnglish's users. */
export interface DemoIdpAccount {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  password: string;
}
export const DEMO_IDP_ACCOUNTS: DemoIdpAccount[] = [
  {
    sub: 'etu-2026-0417',
    email: 'sso.demo@etu.demo-univ.fr',
    given_name: 'Lucie',
    family_name: 'Moreau',
    password: 'DemoPass2026',
  },
];

const samePassword = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The built-in OpenID provider of the demo (oidc-provider, a certified implementation), so that the
 * whole sign-on flow — discovery, authorization code with PKCE, ID token, end of session — runs
 * offline. Its login page is the provider's own, not MedEnglish's: it stands for the school's.
 * Only mounted when no provider is configured (SSO_PROVIDERS).
 */
export async function mountDemoIdentityProvider(
  app: FastifyInstance,
  options: {
    issuer: string;
    clientSecret: string;
    redirectUri: string;
    postLogoutRedirectUri: string;
    accounts?: DemoIdpAccount[];
    /** Seconds an authorization code lives (tests shorten it to see an expired one refused). */
    codeTtlSeconds?: number;
  },
): Promise<Provider> {
  const accounts = options.accounts ?? DEMO_IDP_ACCOUNTS;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEMO_IDP_CLIENT_ID,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'demo-1' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          given_name: account.given_name,
          family_name: account.family_name,
        }),
      };
    },
    // One first-party client: what it asks for is granted without a consent page.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${DEMO_IDP_PREFIX}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: options.codeTtlSeconds ?? 60 },
  };
  const provider = new Provider(options.issuer, configuration);
  // The issuer's scheme and host are the public address: the provider reads them from
  // X-Forwarded-Host and -Proto, which the hook below sets to what Fastify believes (issue 32).
  provider.proxy = true;

  const loginPage = (uid: string, error?: string) =>
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Université Démo – connexion</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#1e3a8a;color:#0f172a;display:grid;place-items:center;min-height:100vh}` +
    `main{background:#fff;border-radius:12px;padding:2rem;max-width:22rem;width:calc(100% - 2rem)}label{display:block;margin-top:1rem;font-weight:600}` +
    `input{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #475569;border-radius:6px}button{margin-top:1.5rem;width:100%;padding:.7rem;font:inherit;font-weight:700;color:#fff;background:#1e3a8a;border:0;border-radius:6px}` +
    `p[role=alert]{color:#b91c1c}</style></head><body><main><h1>Université Démo</h1><p>Connectez-vous avec votre compte universitaire.</p>` +
    (error ? `<p role="alert">${escapeHtml(error)}</p>` : '') +
    `<form method="post" action="${DEMO_IDP_PREFIX}/interaction/${escapeHtml(uid)}/login">` +
    `<label for="email">Adresse universitaire</label><input id="email" name="email" type="email" autocomplete="username" required>` +
    `<label for="password">Mot de passe</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
    `<button type="submit">Se connecter</button></form></main></body></html>`;

  await app.register(
    async (idp) => {
      // The provider reads its own bodies (token endpoint, login form): leave the stream unread.
      idp.removeAllContentTypeParsers();
      idp.addContentTypeParser('*', (_request, _payload, done) => done(null));
      // Forwarded host and scheme only from a proxy that TRUST_PROXY names (Fastify's verdict),
      // else the request's own: a client cannot name the host of the provider's endpoints.
      idp.addHook('onRequest', async (request) => {
        request.raw.headers['x-forwarded-host'] = request.host;
        request.raw.headers['x-forwarded-proto'] = request.protocol;
      });

      const html = (reply: FastifyReply, status: number, body: string) =>
        reply
          .status(status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(body);

      idp.get<{ Params: { uid: string } }>(
        '/interaction/:uid',
        { schema: { hide: true } },
        async (request, reply) => {
          try {
            const details = await provider.interactionDetails(request.raw, reply.raw);
            return html(reply, 200, loginPage(details.uid));
          } catch {
            return html(
              reply,
              400,
              loginPage(
                request.params.uid,
                'Cette demande de connexion a expiré. Recommencez depuis MedEnglish.',
              ),
            );
          }
        },
      );

      idp.post<{ Params: { uid: string } }>(
        '/interaction/:uid/login',
        { schema: { hide: true } },
        async (request, reply) => {
          const form = new URLSearchParams(await readBody(request));
          const email = (form.get('email') ?? '').trim().toLowerCase();
          const account = accounts.find(
            (a) => a.email === email && samePassword(form.get('password') ?? '', a.password),
          );
          if (!account)
            return html(reply, 401, loginPage(request.params.uid, 'Adresse ou mot de passe incorrect.'));
          reply.hijack();
          await provider.interactionFinished(
            request.raw,
            reply.raw,
            { login: { accountId: account.sub } },
            {
              mergeWithLastSubmission: false,
            },
          );
        },
      );

      // Everything else is the provider's own: discovery, authorization, token, JWKS, end session.
      const handle = provider.callback();
      idp.all('/*', { schema: { hide: true } }, (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        // Mounted under a prefix as Express would: the provider finds its mount path from
        // originalUrl and the shortened url, and writes its endpoints' addresses with it.
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(DEMO_IDP_PREFIX.length) || '/';
        handle(request.raw, reply.raw);
      });
    },
    { prefix: DEMO_IDP_PREFIX },
  );
  return provider;
}

/** A small form body read from the raw stream (the provider's routes leave bodies unparsed). */
async function readBody(request: FastifyRequest): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > 8192) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ssoExchangeAnswer, ssoExchangeBody, ssoSignupBody } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { readCookie } from '../../lib/cookies.js';
import { publicRoute } from '../../plugins/access-policy.js';
import type { OidcRelyingParty } from '../../integrations/sso/oidc-client.js';
import { clearFlowCookie, FLOW_COOKIE, flowCookie, readFlowCookie } from './flow-cookie.js';
import { exchange, failure, handOff, signUpBySso } from './sso.service.js';
import { clearHandoffCookie, HANDOFF_COOKIE, handoffCookie, isHandoffBrowser } from './handoff-cookie.js';

const tags = ['sso'];
const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/) });

export interface SsoSetup {
  parties: Map<string, OidcRelyingParty>;
  secret: Uint8Array;
  /** The app's public address (callbacks and the post-logout return). */
  publicUrl: string;
}

/**
 * Single sign-on (issue 16): start → the school's provider → callback → the web app trades a
 * one-time code for its tokens. Every failure sends the learner back to the login page, which says
 * 'Portail école : Connexion impossible' (SPEC §8, 2501); nothing of the failure reaches the address.
 */
export function registerSsoRoutes(app: App, deps: Deps, sso: SsoSetup): void {
  const callbackUrl = (id: string) => `${sso.publicUrl}/api/sso/${id}/callback`;
  const secure = sso.publicUrl.startsWith('https:');
  const providers = () => [...sso.parties.values()].map((p) => p.provider);
  const raw = app as unknown as FastifyInstance;
  const assertHandoffBrowser = (cookies: string | undefined, code: string) => {
    if (!isHandoffBrowser(sso.secret, readCookie(cookies, HANDOFF_COOKIE), code)) throw failure();
  };

  raw.get<{ Params: { provider: string } }>(
    '/sso/:provider/start',
    { config: { access: publicRoute() }, schema: { tags, params: providerParams } },
    async (request, reply) => {
      const party = sso.parties.get(request.params.provider);
      if (!party) return reply.redirect(`/?sso_error=${encodeURIComponent(request.params.provider)}`);
      try {
        const { url, flow } = await party.start(callbackUrl(party.provider.id));
        return reply
          .header('set-cookie', flowCookie(sso.secret, flow, deps.clock.now().getTime(), secure))
          .redirect(url);
      } catch (error) {
        request.log.warn({ err: error }, 'sign-on provider unreachable');
        return reply.redirect(`/?sso_error=${party.provider.id}`);
      }
    },
  );

  raw.get<{ Params: { provider: string } }>(
    '/sso/:provider/callback',
    { config: { access: publicRoute() }, schema: { tags, params: providerParams } },
    async (request, reply) => {
      const id = request.params.provider;
      const party = sso.parties.get(id);
      const flow = readFlowCookie(
        sso.secret,
        readCookie(request.headers.cookie, FLOW_COOKIE),
        deps.clock.now().getTime(),
      );
      void reply.header('set-cookie', clearFlowCookie());
      if (!party || !flow || flow.provider !== id)
        return reply.redirect(`/?sso_error=${encodeURIComponent(id)}`);
      try {
        const identity = await party.finish(new URL(request.url, `${sso.publicUrl}/`), flow);
        const code = await handOff(deps, party.provider, identity);
        return reply.header('set-cookie', handoffCookie(sso.secret, code, secure)).redirect(`/?sso=${code}`);
      } catch (error) {
        // A wrong state or nonce, an expired or replayed code, an ID token that does not verify.
        request.log.warn({ err: error instanceof Error ? error.message : error }, 'sign-on refused');
        return reply.redirect(`/?sso_error=${id}`);
      }
    },
  );

  app.post(
    '/sso/exchange',
    {
      config: { access: publicRoute() },
      schema: { tags, body: ssoExchangeBody, response: { 200: ssoExchangeAnswer } },
    },
    async (request, reply) => {
      assertHandoffBrowser(request.headers.cookie, request.body.code);
      const answer = await exchange(deps, providers(), request.body.code);
      // Signed in: the binding has served; a first sign-in still needs it for /sso/signup.
      if (answer.kind === 'signedIn') void reply.header('set-cookie', clearHandoffCookie());
      return answer;
    },
  );

  app.post(
    '/sso/signup',
    {
      config: { access: publicRoute() },
      schema: { tags, body: ssoSignupBody, response: { 200: ssoExchangeAnswer } },
    },
    async (request, reply) => {
      assertHandoffBrowser(request.headers.cookie, request.body.code);
      const answer = await signUpBySso(deps, providers(), request.body);
      void reply.header('set-cookie', clearHandoffCookie());
      return answer;
    },
  );

  // Single logout: the provider's end-session address when it has one, else the login page.
  raw.get<{ Params: { provider: string }; Querystring: { id_token_hint?: string } }>(
    '/sso/:provider/logout',
    {
      config: { access: publicRoute() },
      schema: {
        tags,
        params: providerParams,
        querystring: z.object({ id_token_hint: z.string().max(4096).optional() }),
      },
    },
    async (request, reply) => {
      const party = sso.parties.get(request.params.provider);
      const url = await party
        ?.endSessionUrl(`${sso.publicUrl}/`, request.query.id_token_hint)
        .catch(() => null);
      return reply.redirect(url ?? '/');
    },
  );
}

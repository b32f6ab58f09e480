import { z } from 'zod';
import {
  authData,
  ErrorCode,
  forgotPasswordBody,
  isRole,
  forgotPasswordTypedBody,
  loginBody,
  logoutBody,
  messageResponse,
  messages,
  passwordCheckBody,
  passwordCheckResponse,
  refreshBody,
  refreshResponse,
  resetPasswordBody,
} from '@medenglish/shared';
import { AppError } from '../../lib/app-error.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { publicRoute } from '../../plugins/access-policy.js';
import { assertMaySignIn, login } from './login.service.js';
import { passwordProblem } from './password-strength.js';
import {
  assertPasswordChangeAllowed,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service.js';

const tags = ['auth'];

/** SPEC §7 "Auth service": login, refresh, logout, forgot and reset password. */
export function registerAuthRoutes(app: App, deps: Deps): void {
  app.post(
    '/student/login',
    {
      config: { access: publicRoute() },
      schema: { tags, body: loginBody, response: { 200: authData } },
    },
    async (request, reply) => {
      const { auth, deviceCookie } = await login(deps, request.body, {
        ip: request.ip,
        cookie: request.headers.cookie,
      });
      void reply.header('set-cookie', deviceCookie);
      return auth;
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: publicRoute() },
      schema: { tags, body: refreshBody, response: { 200: refreshResponse } },
    },
    async (request) => {
      const outcome = await deps.refreshTokens.rotate(request.body.email, request.body.refreshToken);
      if (!outcome.ok) throw new AppError(ErrorCode.REFRESH_INVALID, messages.common.unauthenticated);
      try {
        await assertMaySignIn(deps, outcome.userId);
      } catch (error) {
        // Access has ended: none of this user's sessions may be renewed any more.
        await deps.refreshTokens.revokeAllOf(deps.db, outcome.userId);
        throw error;
      }
      const token = await deps.accessTokens.sign({
        userId: outcome.userId,
        companyId: outcome.companyId,
        // The role as it is now: a changed role takes effect at the next refresh.
        role: isRole(outcome.role) ? outcome.role : 'learner',
        sessionId: outcome.familyId,
      });
      return { token, refreshToken: outcome.token };
    },
  );

  app.post(
    '/student/logout',
    {
      config: { access: publicRoute() },
      schema: { tags, body: logoutBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      // The session's access tokens stop working too (issue 20), not only its refresh token.
      await deps.refreshTokens.revoke(deps.db, request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  // The check the forgot-password form makes before sending (SPEC §5): identity-provider
  // addresses cannot change a password here. /forgotPassword then sends the link.
  app.post(
    '/auth/forgot_password',
    {
      config: { access: publicRoute() },
      schema: { tags, body: forgotPasswordBody, response: { 200: z.object({ allowed: z.literal(true) }) } },
    },
    async (request) => {
      assertPasswordChangeAllowed(deps, request.body.email);
      return { allowed: true as const };
    },
  );

  app.post(
    '/forgotPassword',
    {
      config: { access: publicRoute() },
      schema: { tags, body: forgotPasswordTypedBody, response: { 200: messageResponse } },
    },
    async (request) => ({ message: await requestPasswordReset(deps, request.body.email, request.ip) }),
  );

  app.put(
    '/resetPassword',
    {
      config: {
        access: publicRoute(),
        validationMessage: messages.reset.invalidBody,
      },
      schema: { tags, body: resetPasswordBody, response: { 200: messageResponse } },
    },
    async (request) => ({
      message: await resetPassword(deps, request.body.token, request.body.password, request.ip),
    }),
  );

  // Issue 20: the forms say before sending why a password would be refused. A set look-up, no
  // account involved, so no limit beyond the overload guard's.
  app.post(
    '/password/check',
    {
      config: { access: publicRoute() },
      schema: { tags, body: passwordCheckBody, response: { 200: passwordCheckResponse } },
    },
    async (request) => ({ problem: await passwordProblem(request.body.password) }),
  );
}

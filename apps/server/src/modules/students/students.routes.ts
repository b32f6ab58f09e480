import { z } from 'zod';
import {
  authData,
  company,
  confirmationParams,
  emailCheckBody,
  emailCheckResponse,
  idParams,
  languageBody,
  languageResponse,
  isValidAccountEmail,
  messageResponse,
  messages,
  namesBody,
  signupBody,
  user,
  ErrorCode,
} from '@medenglish/shared';
import { AppError } from '../../lib/app-error.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, publicRoute, self } from '../../plugins/access-policy.js';
import { getCompany } from '../companies/index.js';
import { confirmEmail, sendConfirmationMail } from './email-confirmation.service.js';
import { assertNotSchoolAddress, signUp } from './signup.service.js';
import { getUser, isEmailAvailable, updateLanguage, updateNames } from './students.service.js';

const tags = ['student'];

/** SPEC §7 "Auth service": account creation, e-mail checks, the learner's own record. */
export function registerStudentRoutes(app: App, deps: Deps): void {
  app.post(
    '/student',
    {
      config: {
        access: publicRoute(),
        validationMessage: messages.signup.failure,
      },
      schema: { tags, body: signupBody, response: { 201: authData } },
    },
    async (request, reply) => {
      // Limited like the code look-up: otherwise sign-up answers would let codes be guessed.
      await deps.limits.attempt('signup', request.ip);
      return reply.status(201).send(await signUp(deps, request.body));
    },
  );

  app.post(
    '/student/email',
    {
      config: { access: publicRoute() },
      schema: { tags, body: emailCheckBody, response: { 200: emailCheckResponse } },
    },
    async (request) => {
      await deps.limits.attempt('email-check', request.ip);
      if (!isValidAccountEmail(request.body.email)) {
        throw new AppError(ErrorCode.VALIDATION, messages.signup.invalidEmail, {
          email: messages.signup.invalidEmail,
        });
      }
      assertNotSchoolAddress(deps, request.body.email);
      return { available: await isEmailAvailable(deps.db, request.body.email) };
    },
  );

  app.post(
    '/student/sendnewmail',
    { config: { access: allow() }, schema: { tags, response: { 200: messageResponse } } },
    async (request) => {
      await deps.limits.attempt('sendnewmail', request.ip);
      const me = await getUser(deps.db, caller(request).userId);
      if (!me.isVerified) await sendConfirmationMail(deps, { id: me._id, email: me.email });
      return { message: me.isVerified ? messages.confirmation.done : messages.signup.success };
    },
  );

  app.post(
    '/confirmation/:a/:b',
    {
      config: { access: publicRoute() },
      schema: { tags, params: confirmationParams, response: { 200: messageResponse } },
    },
    async (request) => {
      await confirmEmail(deps, request.params.a, request.params.b);
      return { message: messages.confirmation.done };
    },
  );

  app.get(
    '/student/:id',
    { config: { access: allow(self('id')) }, schema: { tags, params: idParams, response: { 200: user } } },
    (request) => getUser(deps.db, request.params.id),
  );

  // The learner's company. SPEC §7 lists it under both paths; both take the learner's id.
  for (const url of ['/student/company/:id', '/company/student/:id']) {
    app.get(
      url,
      {
        config: { access: allow(self('id')) },
        schema: { tags, params: idParams, response: { 200: company } },
      },
      (request) => getCompany(deps.db, caller(request).companyId),
    );
  }

  app.put(
    '/student/names/:id',
    {
      config: { access: allow(self('id')) },
      schema: {
        tags,
        params: idParams,
        body: namesBody,
        response: { 200: z.object({ message: z.string(), user }) },
      },
    },
    (request) => updateNames(deps.db, request.params.id, request.body),
  );

  app.put(
    '/student/language/:id',
    {
      config: { access: allow(self('id')) },
      schema: { tags, params: idParams, body: languageBody, response: { 200: languageResponse } },
    },
    (request) => updateLanguage(deps.db, request.params.id, request.body.language),
  );
}

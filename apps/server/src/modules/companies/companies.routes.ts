import { accessCode, codeParams, company, companyData, idParams } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import { today } from '../../lib/clock.js';
import type { Deps } from '../../deps.js';
import { assertOwnCompany, createAuthenticate } from '../../plugins/authenticate.js';
import { findAccessCode } from './access-codes.service.js';
import { getCompany, getCompanyData } from './companies.service.js';

const tags = ['company'];

/** SPEC §7 "Groups, company, code": the access code (public, for sign-up) and the company. */
export function registerCompanyRoutes(app: App, deps: Deps): void {
  const authenticate = createAuthenticate(deps);

  app.get(
    '/code/name/:code',
    { schema: { tags, params: codeParams, response: { 200: accessCode } } },
    async (request) => {
      // Public before sign-up, so limited like the other anonymous calls against code guessing.
      await deps.limits.attempt('code', request.ip);
      return findAccessCode(deps.db, request.params.code, today(deps.clock, deps.config.TZ_DISPLAY));
    },
  );

  app.get(
    '/company/:id',
    { onRequest: authenticate, schema: { tags, params: idParams, response: { 200: company } } },
    (request) => {
      assertOwnCompany(request, request.params.id);
      return getCompany(deps.db, request.params.id);
    },
  );

  app.get(
    '/companyData/:id',
    { onRequest: authenticate, schema: { tags, params: idParams, response: { 200: companyData } } },
    (request) => {
      assertOwnCompany(request, request.params.id);
      return getCompanyData(deps.db, request.params.id);
    },
  );
}

import { accessCode, codeParams, company, companyData, idParams } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import { today } from '../../lib/clock.js';
import type { Deps } from '../../deps.js';
import { allow, ownCompany, publicRoute } from '../../plugins/access-policy.js';
import { findAccessCode } from './access-codes.service.js';
import { getCompany, getCompanyData } from './companies.service.js';

const tags = ['company'];

/** SPEC §7 "Groups, company, code": the access code (public, for sign-up) and the company. */
export function registerCompanyRoutes(app: App, deps: Deps): void {
  app.get(
    '/code/name/:code',
    {
      config: { access: publicRoute() },
      schema: { tags, params: codeParams, response: { 200: accessCode } },
    },
    async (request) => {
      // Public before sign-up, so limited like the other anonymous calls against code guessing.
      await deps.limits.attempt('code', request.ip);
      return findAccessCode(deps.db, request.params.code, today(deps.clock, deps.config.TZ_DISPLAY));
    },
  );

  app.get(
    '/company/:id',
    {
      config: { access: allow(ownCompany('id')) },
      schema: { tags, params: idParams, response: { 200: company } },
    },
    (request) => getCompany(deps.db, request.params.id),
  );

  app.get(
    '/companyData/:id',
    {
      config: { access: allow(ownCompany('id')) },
      schema: { tags, params: idParams, response: { 200: companyData } },
    },
    (request) => getCompanyData(deps.db, request.params.id),
  );
}

import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import {
  blockResult,
  cmi5WaiverBody,
  cmi5WaiverParams,
  cmi5WaiverResult,
  companyBlockBody,
  idParams,
  outboxEntry,
  outboxQuery,
  userBlockBody,
} from '@medenglish/shared';
import { emailOutbox } from '../../db/schema.js';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow, role } from '../../plugins/access-policy.js';
import { waiveCmi5Unit } from '../elearning/index.js';
import { setCompanyLoginBlocked, setUserBlocked } from './blocks.service.js';

const tags = ['admin'];

/** The platform's operations, for its admins only. */
export function registerAdminRoutes(app: App, deps: Deps): void {
  app.get(
    '/admin/outbox',
    {
      config: { access: allow(role('admin')) },
      schema: { tags, querystring: outboxQuery, response: { 200: z.array(outboxEntry) } },
    },
    async (request) => {
      const rows = await deps.db
        .select()
        .from(emailOutbox)
        .where(request.query.state ? eq(emailOutbox.state, request.query.state) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(request.query.limit);
      return rows.map((row) => ({
        _id: row.id,
        to: row.to,
        subject: row.subject,
        state: row.state,
        attempts: row.attempts,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }));
    },
  );

  // Issue 20: a suspension or a school's block takes effect on the sessions already open.
  app.put(
    '/admin/user/:id/blocked',
    {
      config: { access: allow(role('admin')) },
      schema: { tags, params: idParams, body: userBlockBody, response: { 200: blockResult } },
    },
    (request) => setUserBlocked(deps, request.params.id, request.body.blocked),
  );

  app.put(
    '/admin/company/:id/loginBlocked',
    {
      config: { access: allow(role('admin')) },
      schema: { tags, params: idParams, body: companyBlockBody, response: { 200: blockResult } },
    },
    (request) => setCompanyLoginBlocked(deps, request.params.id, request.body.loginBlocked),
  );

  // Issue 18, cmi5 9.3.7: an admin waives an AU for a learner (decision 0030), with a cmi5 reason.
  app.put(
    '/admin/user/:id/cmi5/:unitId/waiver',
    {
      config: { access: allow(role('admin')) },
      schema: {
        tags,
        params: cmi5WaiverParams,
        body: cmi5WaiverBody,
        response: { 200: cmi5WaiverResult },
      },
    },
    (request) =>
      waiveCmi5Unit(deps.db, {
        userId: request.params.id,
        unitId: request.params.unitId,
        reason: request.body.reason,
        // The learner's actor names our origin, as at their launches (cmi5-launch.service.ts).
        origin: `${request.protocol}://${request.host}`,
        now: deps.clock.now(),
      }),
  );
}

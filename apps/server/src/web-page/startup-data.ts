import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dashboardCalls, pickCurrentGroup, type DashboardLearner } from '@medenglish/shared';
import type { Deps } from '../deps.js';
import { authCookie } from '../plugins/authenticate.js';

/**
 * The first data of a signed-in visit, written into its page so that a phone on a slow link draws
 * the dashboard without four more round trips first: the learner, their groups, their company
 * and the server's day — the same four calls the web app would make (apps/web/src/app/
 * startup-data.ts), answered by the API itself through inject, so every access rule, presenter and
 * schema applies unchanged. Only for the learner of the page's own `token` cookie (SameSite=Strict:
 * another site's link or form never carries it); anything not answered 200 is left out and the
 * app asks for it as usual. Undefined without a valid session.
 */
export interface StartupData {
  userId: string;
  user?: { language?: string } & Record<string, unknown>;
  groups?: unknown;
  company?: unknown;
  time?: unknown;
  /**
   * The page's own first reads by API path (under /api): on /dashboard, its cards' reads
   * (`dashboardCalls`, one list with the web app), so the cards draw once, with their data.
   */
  responses?: Record<string, unknown>;
}

export async function startupData(
  app: FastifyInstance,
  deps: Deps,
  request: FastifyRequest,
  pathname: string,
): Promise<StartupData | undefined> {
  const token = authCookie(request.headers.cookie);
  const claims = token ? await deps.accessTokens.verify(token) : null;
  if (!token || !claims) return undefined;
  const headers = {
    authorization: `Token ${token}`,
    ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
  };
  const read = async <T>(url: string): Promise<T | undefined> => {
    const answer = await app.inject({ method: 'GET', url, headers });
    return answer.statusCode === 200 ? (answer.json() as T) : undefined;
  };
  const id = encodeURIComponent(claims.userId);
  const [user, groups, company, time] = await Promise.all([
    read<StartupData['user']>(`/api/student/${id}`),
    read(`/api/group/user/${id}`),
    read(`/api/company/${encodeURIComponent(claims.companyId)}`),
    read('/api/time'),
  ]);
  const calls = pathname === '/dashboard' ? dashboardCallsOf(user, groups) : [];
  const answers = await Promise.all(calls.map((call) => read(`/api${call}`)));
  const responses: Record<string, unknown> = {};
  calls.forEach((call, i) => {
    if (answers[i] !== undefined) responses[call] = answers[i];
  });
  return {
    userId: claims.userId,
    user,
    groups,
    company,
    time,
    ...(calls.length > 0 ? { responses } : {}),
  };
}

/**
 * The dashboard's reads for the group the web app will show: the learner's choice is kept in their
 * browser, so the server aims at the default one (most recent last in the answer, as the app
 * reverses it); a learner who chose another group reads that group's cards over the network.
 */
function dashboardCallsOf(user: unknown, groups: unknown): string[] {
  if (!isLearner(user) || !Array.isArray(groups)) return [];
  const group = pickCurrentGroup(
    [...(groups as { _id: string; semester: number | null }[])].reverse(),
    null,
    user.semester,
  );
  return group ? dashboardCalls(user, group) : [];
}

function isLearner(user: unknown): user is DashboardLearner {
  const u = user as Partial<DashboardLearner> | undefined;
  return typeof u?._id === 'string' && typeof u.email === 'string' && typeof u.company === 'string';
}

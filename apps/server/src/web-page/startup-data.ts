import type { FastifyInstance, FastifyRequest } from 'fastify';
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
}

export async function startupData(
  app: FastifyInstance,
  deps: Deps,
  request: FastifyRequest,
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
  return { userId: claims.userId, user, groups, company, time };
}

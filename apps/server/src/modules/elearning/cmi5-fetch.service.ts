import { and, eq, isNull } from 'drizzle-orm';
import { messages, type Cmi5FetchResponse } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { cmi5Sessions, units } from '../../db/schema.js';
import { agentKey, type XapiCredentials } from '../xapi/index.js';
import { fetchHashOf } from './cmi5-launch.service.js';

/**
 * POST /cmi5/fetch/{token} (cmi5 8.2): the AU's credentials, handed out once. The token is the
 * credential of this public route; only its hash is kept. The session is marked fetched in the
 * same statement that reads it, so two racing calls cannot both get the token. Errors are 200
 * answers with the cmi5 error object, as 8.2.1 asks: 1 when the token was already returned or the
 * session has ended, 2 when the URL is not one of ours.
 */
export async function fetchAuthToken(
  db: Db,
  credentials: XapiCredentials,
  token: string,
  now: Date,
): Promise<Cmi5FetchResponse> {
  const fetchHash = fetchHashOf(token);
  const [session] = await db
    .update(cmi5Sessions)
    .set({ fetchedAt: now })
    .where(
      and(
        eq(cmi5Sessions.fetchHash, fetchHash),
        isNull(cmi5Sessions.fetchedAt),
        isNull(cmi5Sessions.endedAt),
      ),
    )
    .returning();
  if (!session) {
    const [known] = await db
      .select({ id: cmi5Sessions.id })
      .from(cmi5Sessions)
      .where(eq(cmi5Sessions.fetchHash, fetchHash));
    return known
      ? { 'error-code': '1', 'error-text': messages.cmi5.tokenAlreadyReturned }
      : { 'error-code': '2', 'error-text': messages.cmi5.unknownFetch };
  }
  const [unit] = await db
    .select({ activityId: units.activityId })
    .from(units)
    .where(eq(units.id, session.unitId));
  if (!unit) return { 'error-code': '2', 'error-text': messages.cmi5.unknownFetch };
  const { auth } = await credentials.issue({
    userId: session.userId,
    groupId: session.groupId,
    unitId: session.unitId,
    activityId: unit.activityId,
    agentKey: agentKey(session.actor)!,
    registration: session.registration,
    ...(session.learnerSessionId ? { sessionId: session.learnerSessionId } : {}),
    cmi5Session: session.id,
  });
  // The AU puts the token after "Basic " itself (8.2.1).
  return { 'auth-token': auth.replace(/^Basic /, '') };
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LaunchResponse } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { cmi5Sessions, cmi5Units, modules, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import { mediaUrl } from '../../integrations/storage/storage.js';
import { notFound } from '../../lib/app-error.js';
import {
  abandonOpenSessions,
  agentKey,
  CMI5_EXTENSIONS,
  isAuSatisfied,
  LAUNCH_DATA_STATE_ID,
  LAUNCH_HOURS,
  launchModeFor,
  lmsStatement,
  type Json,
  satisfyNotApplicable,
  storeStatements,
  writeState,
} from '../xapi/index.js';
import { mergeLaunchQuery, ownQueryPairs, splitLaunchPoint } from './launch-address.js';
import { launchableUnit, registrationOf, type LaunchInput } from './launch.service.js';

/**
 * cmi5 10.0 returnURL, for an AU that runs in its own window (launchMethod OwnWindow): the module
 * page of the app, where the AU sends its window when the learner exits. That window is the AU's
 * own top-level window: loading the app there is an ordinary navigation to the app, outside the
 * sandbox. An AU in our frame (AnyWindow) gets none: the frame would load the app inside itself.
 */
async function returnUrlOf(db: Db, moduleId: string, origin: string): Promise<string> {
  const [module] = await db.select({ key: modules.key }).from(modules).where(eq(modules.id, moduleId));
  if (!module) throw notFound();
  return `${origin}/elearning/course/${encodeURIComponent(module.key)}`;
}

export const fetchHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The learner's registration in a cmi5 course (cmi5 8.1.4: their enrolment in the course, shared
 * by its AUs), derived like the Tin Can one so that it needs no table and never changes.
 */
export const cmi5RegistrationOf = (userId: string, courseActivityId: string) =>
  registrationOf(userId, `cmi5:${courseActivityId}`);

/**
 * The learner as cmi5 names them (9.2): an account, and no e-mail address (the spec asks for no
 * personal data it can avoid). The same at every launch and waiver, so their statements agree.
 */
export const cmi5ActorOf = (userId: string, user: { firstname: string; name: string }, origin: string) => ({
  objectType: 'Agent',
  name: `${user.firstname} ${user.name}`.trim(),
  account: { homePage: origin, name: userId },
});

/**
 * POST /xapi/launch/{unitId} for a unit that is a cmi5 AU (null for any other unit): as cmi5 8
 * and 10 say, and in this order — the sessions left open in the registration are abandoned, a
 * new session is made, LMS.LaunchData is written in the State API, the "launched" statement is
 * recorded (after the "satisfied" ones when moveOn is NotApplicable), and the AU's address carries
 * endpoint, fetch, actor, registration and activityId. The credentials are not in the address:
 * the AU fetches them once from the fetch URL (cmi5-fetch.service.ts). The launch mode is the one
 * asked, as launchModeFor grants it, and the answer says which it is.
 */
export async function launchCmi5Unit(
  db: Db,
  // What is granted of the mode asked is launchModeFor's (decision 0041).
  input: LaunchInput & { now: Date },
): Promise<LaunchResponse | null> {
  const [cmi5] = await db.select().from(cmi5Units).where(eq(cmi5Units.unitId, input.unitId));
  if (!cmi5) return null;
  const unit = await launchableUnit(db, input.groupId, input.unitId);
  const [user] = await db
    .select({ firstname: users.firstname, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound();

  const { now, origin } = input;
  const actor = cmi5ActorOf(input.userId, user, origin);
  const registration = cmi5RegistrationOf(input.userId, cmi5.courseActivityId);
  const sessionId = randomUUID();
  const fetchToken = randomBytes(32).toString('base64url');
  // cmi5 8.1: exactly these five, nothing of the app's own. Neither cmi5 nor xAPI requires the
  // endpoint to end in a slash, but both their examples do (xAPI's base endpoint
  // `http://example.com/xAPI/`, cmi5's `https://example.com/my-cmi5-listener/`), and libraries
  // that append "statements" to it rely on it. One that adds "/statements" without stripping the
  // slash makes a "//", which the server accepts (app.ts, lib/duplicate-slashes.ts).
  const launchQuery = new URLSearchParams({
    endpoint: `${origin}/api/xapi/`,
    fetch: `${origin}/api/cmi5/fetch/${fetchToken}`,
    actor: JSON.stringify(actor),
    registration,
    activityId: unit.activityId,
  });
  // The AU's url as cmi5.xml wrote it: its file, then its own query (kept, cmi5 13.1.4), then any
  // fragment, which must stay last.
  const { file, fragment } = splitLaunchPoint(unit.launchPoint);
  const ownQuery = cmi5.urlQuery ?? '';
  const launchFile = `${origin}${mediaUrl(`${unit.filename}/${file}`)}`;
  // cmi5 9.6.3.4 launchURL: the address the AU is launched at without the 8.1 parameters — its
  // own query stays, since the AU reads it.
  const own = ownQueryPairs(ownQuery, launchQuery.keys()).join('&');
  const launchUrl = `${launchFile}${own ? `?${own}` : ''}${fragment}`;

  const { lmsStatements, launchMode } = await inTransaction(db, async (tx) => {
    const key = { userId: input.userId, registration, activityId: unit.activityId };
    const launchMode = launchModeFor({ satisfied: await isAuSatisfied(tx, key) }, input.mode);
    const abandoned = await abandonOpenSessions(
      tx,
      { userId: input.userId, unitId: unit.id, registration, publisherId: cmi5.publisherId },
      now,
    );
    const session = {
      id: sessionId,
      userId: input.userId,
      unitId: unit.id,
      groupId: input.groupId,
      learnerSessionId: input.sessionId ?? null,
      registration,
      actor,
      launchMode,
      fetchHash: fetchHashOf(fetchToken),
      launchedAt: now,
    };
    await tx.insert(cmi5Sessions).values(session);
    // NotApplicable is met at registration, before the AU runs (cmi5 9.6.1): the blocks' and
    // course's "satisfied" come first in the registration, so they are made (ids) before "launched".
    const satisfied = await satisfyNotApplicable(tx, session, cmi5, unit.activityId, now);
    const launched = lmsStatement({
      verb: 'launched',
      actor,
      registration,
      sessionId,
      object: { id: unit.activityId },
      publisherId: cmi5.publisherId,
      extensions: {
        [CMI5_EXTENSIONS.launchMode]: launchMode,
        [CMI5_EXTENSIONS.launchUrl]: launchUrl,
        [CMI5_EXTENSIONS.moveOn]: cmi5.moveOn,
        ...(cmi5.masteryScore === null ? {} : { [CMI5_EXTENSIONS.masteryScore]: cmi5.masteryScore }),
        ...(cmi5.launchParameters === null
          ? {}
          : { [CMI5_EXTENSIONS.launchParameters]: cmi5.launchParameters }),
      },
      timestamp: now,
    });
    return { lmsStatements: [...abandoned, ...satisfied, launched] as Json[], launchMode };
  });

  // cmi5 10: LMS.LaunchData, written before the AU can ask for it.
  const launchData = {
    contextTemplate: {
      contextActivities: { grouping: [{ id: cmi5.publisherId }] },
      extensions: { [CMI5_EXTENSIONS.sessionId]: sessionId },
    },
    launchMode,
    moveOn: cmi5.moveOn,
    ...(cmi5.masteryScore === null ? {} : { masteryScore: cmi5.masteryScore }),
    ...(cmi5.launchParameters === null ? {} : { launchParameters: cmi5.launchParameters }),
    ...(cmi5.launchMethod === 'OwnWindow' ? { returnURL: await returnUrlOf(db, unit.moduleId, origin) } : {}),
    ...(cmi5.entitlementKey === null ? {} : { entitlementKey: { courseStructure: cmi5.entitlementKey } }),
  };
  await writeState(
    db,
    {
      activityId: unit.activityId,
      agentKey: agentKey(actor)!,
      registration,
      stateId: LAUNCH_DATA_STATE_ID,
    },
    { content: Buffer.from(JSON.stringify(launchData)), contentType: 'application/json' },
    'put',
    {},
    now,
  );
  await storeStatements(db, { kind: 'admin' }, lmsStatements, now);

  const expiresAt = new Date(now.getTime() + LAUNCH_HOURS * 3600 * 1000);
  return {
    url: `${launchFile}?${mergeLaunchQuery(ownQuery, launchQuery)}${fragment}`,
    registration,
    expiresAt: expiresAt.toISOString(),
    mode: launchMode,
  };
}

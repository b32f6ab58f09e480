import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, messages, type Cmi5LaunchMode, type LaunchResponse } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupModules, units, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { XapiCredentials } from '../xapi/index.js';
import { launchAddress } from './launch-address.js';

/**
 * One registration per learner and unit, derived rather than stored: every launch of the unit
 * finds the same State API documents, so the learner resumes where they left off.
 */
export function registrationOf(userId: string, unitId: string): string {
  const hex = createHash('sha256').update(`registration:${userId}:${unitId}`).digest('hex');
  // An RFC 9562 version 8 (custom) UUID with the RFC variant bits.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A unit of one of the group's modules that has a package to launch; 404 otherwise (the route has
 * checked that the group is the learner's). Shared by Tin Can and cmi5 launches.
 */
export async function launchableUnit(
  db: Executor,
  groupId: string,
  unitId: string,
): Promise<typeof units.$inferSelect & { filename: string; launchPoint: string }> {
  const [row] = await db
    .select({ unit: units })
    .from(units)
    .innerJoin(
      groupModules,
      and(eq(groupModules.moduleId, units.moduleId), eq(groupModules.groupId, groupId)),
    )
    .where(eq(units.id, unitId));
  const unit = row?.unit;
  if (!unit?.filename || !unit.launchPoint) throw notFound();
  return { ...unit, filename: unit.filename, launchPoint: unit.launchPoint };
}

/** A launch as the route asks it, for a Tin Can unit (launchUnit) or a cmi5 AU (launchCmi5Unit). */
export interface LaunchInput {
  userId: string;
  sessionId?: string;
  groupId: string;
  unitId: string;
  /** The app's origin, where the launch's endpoint (and a cmi5 fetch URL) are. */
  origin: string;
  /** The launch mode asked (launchBody); only a cmi5 AU has any (decision 0041). */
  mode?: Cmi5LaunchMode;
}

/**
 * POST /xapi/launch/{unitId} {groupId}: the address of the unit's launch file with the standard
 * xAPI launch query (endpoint, auth, actor, activity_id, registration). The credentials in
 * `auth` are valid only for this learner, this activity and LAUNCH_HOURS (credentials.ts). The
 * route has checked that the group is the learner's (memberOf); a unit its modules do not hold is 404.
 *
 * A Tin Can unit has no launch modes: a request for Browse or Review is refused (400) rather than
 * launched Normal, where the learner who asked not to be judged would be (decision 0041).
 */
export async function launchUnit(
  db: Executor,
  credentials: XapiCredentials,
  input: LaunchInput,
): Promise<LaunchResponse> {
  const unit = await launchableUnit(db, input.groupId, input.unitId);
  if (input.mode !== undefined && input.mode !== 'Normal') {
    const message = messages.elearning.launchMode.notCmi5;
    throw new AppError(ErrorCode.VALIDATION, message, { mode: message });
  }
  const [user] = await db
    .select({ email: users.email, firstname: users.firstname, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound();

  const mbox = `mailto:${user.email.toLowerCase()}`;
  const registration = registrationOf(input.userId, input.unitId);
  const { auth, expiresAt } = await credentials.issue({
    userId: input.userId,
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    groupId: input.groupId,
    unitId: input.unitId,
    activityId: unit.activityId,
    agentKey: `mbox:${mbox}`,
    registration,
  });
  // The Tin Can launch parameters and nothing else (launch-address.ts says why). The endpoint
  // ends in a slash, as in xAPI's examples: libraries append "statements" to it.
  const query = new URLSearchParams({
    endpoint: `${input.origin}/api/xapi/`,
    auth,
    actor: JSON.stringify({ objectType: 'Agent', name: `${user.firstname} ${user.name}`.trim(), mbox }),
    activity_id: unit.activityId,
    registration,
  });
  const url = launchAddress(unit.filename, unit.launchPoint, query);
  return { url, registration, expiresAt: expiresAt.toISOString() };
}

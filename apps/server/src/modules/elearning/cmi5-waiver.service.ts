import { eq } from 'drizzle-orm';
import { ErrorCode, messages, type Cmi5WaiverResult } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { cmi5Units, units, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { storeStatements, waiveAu } from '../xapi/index.js';
import { cmi5ActorOf, cmi5RegistrationOf } from './cmi5-launch.service.js';

/**
 * PUT /admin/user/{id}/cmi5/{unitId}/waiver (decision 0030): an admin waives a cmi5 AU for a
 * learner, with a cmi5 reason (9.3.7, 9.5.5.2). The learner's actor and registration are the ones
 * their launches use, so the "waived" statement sits in the same registration as their sessions,
 * and the AU then counts as done for moveOn (blocks and course satisfied). An unknown learner or
 * unit is a 404; a unit that is not a cmi5 AU is a 400, before anything is written. A second
 * waiver, or one of an AU already satisfied, answers `waived: false` and writes nothing.
 */
export async function waiveCmi5Unit(
  db: Db,
  input: { userId: string; unitId: string; reason: string; origin: string; now: Date },
): Promise<Cmi5WaiverResult> {
  const [user] = await db
    .select({ firstname: users.firstname, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  const [unit] = await db
    .select({ id: units.id, courseActivityId: cmi5Units.courseActivityId })
    .from(units)
    .leftJoin(cmi5Units, eq(cmi5Units.unitId, units.id))
    .where(eq(units.id, input.unitId));
  if (!user || !unit) throw notFound();
  if (unit.courseActivityId === null) throw new AppError(ErrorCode.VALIDATION, messages.elearning.notCmi5Au);

  const waiver = {
    userId: input.userId,
    unitId: input.unitId,
    registration: cmi5RegistrationOf(input.userId, unit.courseActivityId),
    actor: cmi5ActorOf(input.userId, user, input.origin),
    reason: input.reason,
  };
  const statements = await inTransaction(db, (tx) => waiveAu(tx, waiver, input.now));
  if (statements.length === 0) return { waived: false };
  await storeStatements(db, { kind: 'admin' }, statements, input.now);
  return { waived: true };
}

import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Notification } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { groupIdsOf } from '../groups/index.js';

/**
 * Notifications a learner may read (SPEC §6: range Student only): those for everyone, for their
 * company, for one of their groups, or for them alone; newest first.
 */
export async function notificationsFor(
  db: Db,
  who: { userId: string; companyId: string },
  limit = 50,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.range, 'Student'),
        or(
          and(isNull(notifications.companyId), isNull(notifications.groupId), isNull(notifications.userId)),
          eq(notifications.userId, who.userId),
          and(
            eq(notifications.companyId, who.companyId),
            isNull(notifications.groupId),
            isNull(notifications.userId),
          ),
          inArray(notifications.groupId, groupIdsOf(db, who.userId)),
        ),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    created_at: r.createdAt.toISOString(),
    range: r.range,
  }));
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { groupMembers, groups } from '../../db/schema.js';

/**
 * "The learner and their group" (issue 11): the one place that reads group_members for a learner
 * — the access policy's memberOf, the learner's groups and exams, their notifications, their
 * group files, the heartbeat's first beat. Two hot paths fold the same condition into their own
 * single statement instead, for speed (decision 0011): the dashboard reads
 * (trackers/dashboard-reads.ts) and the heartbeat (trackers/heartbeat.service.ts).
 */

/** Whether the learner belongs to the group. */
export async function isMember(db: Executor, userId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, groupId)));
  return row !== undefined;
}

/** The ids of the learner's groups, as a subquery to filter by (`inArray(x.groupId, …)`). */
export function groupIdsOf(db: Executor, userId: string) {
  return db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
}

/** The learner's groups, oldest membership first (the web app shows the newest, SPEC §7). */
export async function groupsOf(db: Executor, userId: string): Promise<(typeof groups.$inferSelect)[]> {
  const rows = await db
    .select({ group: groups })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.createdAt), asc(groups.name));
  return rows.map((r) => r.group);
}

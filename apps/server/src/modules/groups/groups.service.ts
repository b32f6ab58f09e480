import { and, asc, eq, isNull } from 'drizzle-orm';
import { messages, type Group } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupMembers, groups } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { presentGroup } from './group.presenter.js';

/** The groups a learner belongs to, oldest membership first (the web app reverses it, SPEC §7). */
export async function groupsOfUser(db: Executor, userId: string): Promise<Group[]> {
  const rows = await db
    .select({ group: groups })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.createdAt), asc(groups.name));
  return rows.map((r) => presentGroup(r.group));
}

export async function groupsOfCompany(db: Executor, companyId: string): Promise<Group[]> {
  const rows = await db
    .select()
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(groups.semester), asc(groups.level), asc(groups.name));
  return rows.map(presentGroup);
}

/**
 * POST /group/associate: puts the learner in the company's group of that semester and level
 * (SPEC §9 group level). Associating twice changes nothing.
 */
export async function associateToGroup(
  db: Executor,
  input: { companyId: string; userId: string; semester: number; level: number },
): Promise<Group> {
  const [group] = await db
    .select()
    .from(groups)
    .where(
      and(
        eq(groups.companyId, input.companyId),
        eq(groups.semester, input.semester),
        eq(groups.level, input.level),
      ),
    )
    .orderBy(asc(groups.name))
    .limit(1);
  if (!group) throw notFound(messages.common.noGroup);
  await db.insert(groupMembers).values({ groupId: group.id, userId: input.userId }).onConflictDoNothing();
  return presentGroup(group);
}

/**
 * Puts a learner in the group of their semester (or the company's path group when they have no
 * semester) at that level, if the company has one: used when the placement test ends and for
 * companies exempt from it (level 1). Null when no group matches; the learner then sees the
 * "content not yet available" notice until one is made.
 */
export async function associateByLevel(
  db: Executor,
  input: { companyId: string; userId: string; semester: number | null; level: number },
): Promise<Group | null> {
  const [group] = await db
    .select()
    .from(groups)
    .where(
      and(
        eq(groups.companyId, input.companyId),
        input.semester === null ? isNull(groups.semester) : eq(groups.semester, input.semester),
        eq(groups.level, input.level),
      ),
    )
    .orderBy(asc(groups.name))
    .limit(1);
  if (!group) return null;
  await db.insert(groupMembers).values({ groupId: group.id, userId: input.userId }).onConflictDoNothing();
  return presentGroup(group);
}

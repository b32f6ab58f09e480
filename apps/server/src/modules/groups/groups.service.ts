import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { groupLevelFromScore, messages, type Group, type GroupExam } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupMembers, groups, placementTests, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { presentGroup } from './group.presenter.js';
import { groupsOf } from './membership.js';

/** The groups a learner belongs to, oldest membership first (the web app reverses it, SPEC §7). */
export async function groupsOfUser(db: Executor, userId: string): Promise<Group[]> {
  return (await groupsOf(db, userId)).map(presentGroup);
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

/**
 * The one group a learner may be associated with: their semester, at level 1 when their company
 * is exempt from the placement test (SPEC §6), else at the level of their finished test (SPEC §9).
 * Null while the test is pending.
 */
export async function allowedAssociation(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
): Promise<{ semester: number | null; level: number } | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  if (deps.config.placementExemptCompanies.includes(user.companyId) || !user.placementtest) {
    return { semester: user.semester, level: 1 };
  }
  const [test] = await deps.db
    .select({ scores: placementTests.scores })
    .from(placementTests)
    .where(and(eq(placementTests.userId, userId), isNotNull(placementTests.finishedAt)))
    .orderBy(desc(placementTests.finishedAt))
    .limit(1);
  if (!test?.scores || typeof test.scores.total !== 'number') return null;
  return { semester: user.semester, level: groupLevelFromScore(test.scores.total) };
}

/** GET /group/exam/{userId}: every exam planned in the learner's groups. */
export async function examsOfUser(db: Executor, userId: string): Promise<GroupExam[]> {
  const rows = (await groupsOf(db, userId)).sort((a, b) => a.name.localeCompare(b.name));
  // The subject file stays with the exam screens (and their opening rules): the dashboard needs
  // the dates and the kind of exam only.
  return rows.flatMap((g) =>
    g.elearningOptions.map((exam) => ({
      groupId: g.id,
      groupName: g.name,
      semester: g.semester,
      exam: { ...exam, examSubject: null },
    })),
  );
}

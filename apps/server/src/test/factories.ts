import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '@medenglish/shared';
import type { Db } from '../db/client.js';
import {
  groupFiles,
  groupMembers,
  groups,
  groupTeachers,
  placementTests,
  surveys,
  users,
} from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';

/**
 * Small factories for tests that change data: each makes exactly what a test names, with a fresh
 * address, so tests never depend on (or alter) the demo learners' state.
 */
export const FACTORY_PASSWORD = 'Factory-Pass-2026';
let passwordHash: Promise<string> | undefined;

export interface MadeUser {
  id: string;
  email: string;
  companyId: string;
  role: Role;
}

export async function makeUser(
  db: Db,
  options: {
    companyId: string;
    role?: Role;
    semester?: number | null;
    memberOf?: string[];
    teaches?: string[];
  },
): Promise<MadeUser> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const role = options.role ?? 'learner';
  const email = `${role}-${randomUUID().slice(0, 8)}@factory.example`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      firstname: 'Test',
      name: 'FACTORY',
      companyId: options.companyId,
      role,
      semester: options.semester === undefined ? (role === 'learner' ? 3 : null) : options.semester,
      isVerified: true,
      placementtest: role === 'learner',
      testFinish: role === 'learner',
    })
    .returning({ id: users.id });
  const id = row!.id;
  for (const groupId of options.memberOf ?? []) await db.insert(groupMembers).values({ groupId, userId: id });
  for (const groupId of options.teaches ?? []) await db.insert(groupTeachers).values({ groupId, userId: id });
  return { id, email, companyId: options.companyId, role };
}

export async function groupIdByName(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
  if (!row) throw new Error(`no group ${name}`);
  return row.id;
}

/** A placement test begun by the user; with `total`, one finished with that score (0–10). */
export async function makePlacementTest(db: Db, userId: string, total?: number): Promise<string> {
  const finished = total === undefined ? {} : { finishedAt: new Date(), scores: { total } };
  const [row] = await db
    .insert(placementTests)
    .values({ userId, testModelId: 'placement-v1', ...finished })
    .returning({ id: placementTests.id });
  return row!.id;
}

export async function makeGroupFile(db: Db, groupId: string): Promise<string> {
  const [row] = await db
    .insert(groupFiles)
    .values({
      groupId,
      kind: 'distribution',
      name: 'Factory.pdf',
      storageKey: `groups/${groupId}/factory.pdf`,
    })
    .returning({ id: groupFiles.id });
  return row!.id;
}

export async function makeSurvey(db: Db, companyId: string): Promise<string> {
  const [row] = await db
    .insert(surveys)
    .values({ companyId, surveyLink: 'https://forms.example/factory', title: 'Factory survey' })
    .returning({ id: surveys.id });
  return row!.id;
}

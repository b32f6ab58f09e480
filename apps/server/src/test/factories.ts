import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '@medenglish/shared';
import type { Db } from '../db/client.js';
import {
  cmi5Units,
  companies,
  examAttempts,
  examUploads,
  groupFiles,
  groupMembers,
  groupModules,
  groups,
  groupTeachers,
  modules,
  placementTests,
  poolQuestions,
  studyTime,
  surveys,
  unitResults,
  units,
  users,
  type UnitResultRow,
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
    /** For a learner: false leaves the placement test to take (the default is a finished one). */
    testFinish?: boolean;
    catchUp?: number[];
    /** Extra minutes on exams (SPEC §6). */
    additionalTime?: number;
    /** A chosen address (default: a new one of factory.example). */
    email?: string;
    /** Whether the address was confirmed (default true). */
    isVerified?: boolean;
  },
): Promise<MadeUser> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const role = options.role ?? 'learner';
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@factory.example`;
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
      isVerified: options.isVerified ?? true,
      placementtest: role === 'learner',
      testFinish: role === 'learner' && (options.testFinish ?? true),
      catchUp: options.catchUp ?? [],
      additionalTime: options.additionalTime ?? 0,
    })
    .returning({ id: users.id });
  const id = row!.id;
  for (const groupId of options.memberOf ?? []) await db.insert(groupMembers).values({ groupId, userId: id });
  for (const groupId of options.teaches ?? []) await db.insert(groupTeachers).values({ groupId, userId: id });
  return { id, email, companyId: options.companyId, role };
}

/** A customer company of its own (a university by default), so tests never touch the demo ones. */
export async function makeCompany(db: Db): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: `Factory ${randomUUID().slice(0, 8)}` })
    .returning({ id: companies.id });
  return row!.id;
}

export async function groupIdByName(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
  if (!row) throw new Error(`no group ${name}`);
  return row.id;
}

/** A placement test begun by the user; with `total`, one finished with that score (0–10). */
export async function makePlacementTest(db: Db, userId: string, total?: number): Promise<string> {
  const finished =
    total === undefined
      ? {}
      : { finishedAt: new Date(), scores: { scoreKN: total, scoreRC: total, scoreOC: total, total } };
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

/** The id of a content unit by its xAPI activity id (the demo course is loaded in every test app). */
export async function unitIdByActivity(db: Db, activityId: string): Promise<string> {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.activityId, activityId));
  if (!row) throw new Error(`no unit ${activityId}`);
  return row.id;
}

/** A learner's result in a unit, as the learning record store would have kept it. */
export async function makeUnitResult(
  db: Db,
  options: {
    userId: string;
    unitId: string;
    verb: 'completed' | 'passed' | 'failed' | 'attempted';
    result: UnitResultRow;
  },
): Promise<void> {
  await db.insert(unitResults).values(options);
}

/** Study time credited on a day (YYYY-MM-DD): in a unit, or idle time in the group without one. */
export async function makeStudyTime(
  db: Db,
  options: { userId: string; groupId: string; unitId?: string; day: string; seconds: number },
): Promise<void> {
  await db.insert(studyTime).values({
    userId: options.userId,
    groupId: options.groupId,
    unitId: options.unitId ?? '',
    day: options.day,
    seconds: options.seconds,
  });
}

/**
 * A module of one launchable unit (a package's folder and launch file), followed by the groups
 * named: the id of the unit.
 */
export async function makeUnit(db: Db, followedBy: string[]): Promise<string> {
  const key = `factory-${randomUUID().slice(0, 8)}`;
  const [module] = await db
    .insert(modules)
    .values({ key, name: 'Factory module' })
    .returning({ id: modules.id });
  const [unit] = await db
    .insert(units)
    .values({
      moduleId: module!.id,
      activityId: `https://factory.example/xapi/${key}`,
      name: 'Factory unit',
      position: 1,
      filename: `content/${key}`,
      launchPoint: 'index.html',
    })
    .returning({ id: units.id });
  for (const groupId of followedBy)
    await db.insert(groupModules).values({ groupId, moduleId: module!.id, position: 99 });
  return unit!.id;
}

/**
 * A module of one cmi5 AU (a course of its own, moveOn Completed unless `moveOn` says otherwise),
 * followed by `followedBy` (none by default): the id of the unit, for the calls that only need an
 * AU to name (an admin's waiver) or to launch; `urlQuery` is the AU url's own query, `blocks` the
 * blocks holding it (outermost first, as the import writes them).
 */
export async function makeCmi5Unit(
  db: Db,
  options: {
    followedBy?: string[];
    urlQuery?: string | null;
    moveOn?: (typeof cmi5Units.$inferInsert)['moveOn'];
    masteryScore?: number | null;
    blocks?: { id: string; publisherId: string }[];
  } = {},
): Promise<string> {
  const unitId = await makeUnit(db, options.followedBy ?? []);
  const key = randomUUID();
  await db.insert(cmi5Units).values({
    unitId,
    courseActivityId: `urn:medenglish:cmi5:course:${key}`,
    coursePublisherId: `https://factory.example/cmi5/${key}`,
    publisherId: `https://factory.example/cmi5/${key}/au`,
    blocks: options.blocks ?? [],
    moveOn: options.moveOn ?? 'Completed',
    masteryScore: options.masteryScore ?? null,
    launchMethod: 'AnyWindow',
    urlQuery: options.urlQuery ?? null,
  });
  return unitId;
}

/**
 * A group of the company with a quiz exam (type 1) on the pool, open between `begin` and `end`:
 * the group's id.
 */
export async function makeExamGroup(
  db: Db,
  options: { companyId: string; poolId: string; begin: Date; end: Date | null; semester?: number | null },
): Promise<string> {
  const [row] = await db
    .insert(groups)
    .values({
      companyId: options.companyId,
      name: `Factory exam group ${randomUUID().slice(0, 8)}`,
      semester: options.semester === undefined ? 3 : options.semester,
      level: 1,
      elearningOptions: [
        {
          type: 1,
          level: 1,
          catchUp: false,
          modality: 'online quiz',
          examBegin: options.begin.toISOString(),
          examEnd: options.end?.toISOString() ?? null,
          examSubject: null,
          activityId: options.poolId,
        },
      ],
    })
    .returning({ id: groups.id });
  return row!.id;
}

/** An attempt of the user at a pool's exam in the group, started now and open for 90 minutes. */
export async function makeExamAttempt(
  db: Db,
  options: { userId: string; groupId: string; poolId: string; now?: Date },
): Promise<string> {
  const questions = await db.select().from(poolQuestions).where(eq(poolQuestions.poolId, options.poolId));
  const now = options.now ?? new Date();
  const [row] = await db
    .insert(examAttempts)
    .values({
      userId: options.userId,
      groupId: options.groupId,
      poolId: options.poolId,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + 90 * 60_000),
      layout: questions.map((q) => ({ question: q.id, options: q.answers.map((_, i) => i) })),
    })
    .returning({ id: examAttempts.id });
  return row!.id;
}

/** An uploaded abstract's row (issue 13); its bytes are not stored, which deletion tolerates. */
export async function makeUpload(db: Db, options: { userId: string; groupId: string }): Promise<string> {
  const id = randomUUID();
  await db.insert(examUploads).values({
    id,
    userId: options.userId,
    groupId: options.groupId,
    name: 'abstract.pdf',
    kind: 'pdf',
    size: 9,
    storageKey: `groups/${options.groupId}/uploads/${id}.pdf`,
  });
  return id;
}

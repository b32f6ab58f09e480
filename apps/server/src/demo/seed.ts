import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { levelFromScore, LOGIN_BLOCKED_ANSWERS } from '@medenglish/shared';
import type { Db, Executor } from '../db/client.js';
import {
  accessCodes,
  companies,
  companySemesters,
  groupMembers,
  groups,
  groupTeachers,
  notifications,
  placementAnswers,
  placementQuestions,
  placementTests,
  users,
  type ElearningOptionRow,
} from '../db/schema.js';
import { hashPassword } from '../modules/auth/index.js';
import { DEMO_EVALUO_STUDENT, DEMO_IDS, DEMO_PASSWORD, DEMO_POOLS, PLACEMENT_MODEL_ID } from './demo-ids.js';
import { seedExamAttempts } from './exams-seed.js';
import { addDays, atTime, isoDay } from './demo-dates.js';
import { demoContentDir } from './content-paths.js';
import { inTransaction } from '../db/transactions.js';

/**
 * The demo of DEMO.md: three companies, their codes, calendars and groups, and five learners.
 * Dates are relative to the day the seed runs so the demo never goes stale. Runs only on an empty
 * database; later features add their own content through seed steps of their own.
 */
export async function seedDemoIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inTransaction(db, async (tx) => {
    await seedCompanies(tx, now);
    await seedLearners(tx, now, passwordHash);
    await seedStaff(tx, passwordHash);
  });
  return true;
}

async function seedCompanies(tx: Executor, now: Date) {
  await tx.insert(companies).values([
    {
      id: DEMO_IDS.universite,
      name: 'Université Démo – Faculté de Médecine',
      type: 2,
      isCompany: false,
      activatedEvaluo: true,
    },
    { id: DEMO_IDS.clinique, name: 'Clinique Démo', type: 2, isCompany: true },
    { id: DEMO_IDS.ecoleSuspendue, name: 'École Suspendue', type: 2, loginBlocked: true },
  ]);
  await tx.insert(accessCodes).values([
    { code: 'DEMO-MED-2026', companyId: DEMO_IDS.universite, needs: false, placementtest: true },
    { code: 'DEMO-CLINIC-2026', companyId: DEMO_IDS.clinique, needs: true, placementtest: false },
    { code: 'DEMO-BLOCKED-2026', companyId: DEMO_IDS.ecoleSuspendue, needs: false, placementtest: true },
  ]);

  // Semester 3 is current (begun about two months ago, ending in about three); the others follow
  // one another at the same pace, so 1 and 2 are past and 4 to 6 still to come.
  const currentBegin = addDays(now, -60);
  const semesterDays = 150;
  const calendar = (companyId: string, semesters: number[]) =>
    semesters.map((semester) => {
      const begin = addDays(currentBegin, (semester - 3) * (semesterDays + 3));
      const end = addDays(begin, semesterDays);
      return {
        companyId,
        semester,
        beginDate: isoDay(begin),
        endDate: isoDay(end),
        catchUpDate: isoDay(addDays(end, 30)),
      };
    });
  await tx
    .insert(companySemesters)
    .values([
      ...calendar(DEMO_IDS.universite, [1, 2, 3, 4, 5, 6]),
      ...calendar(DEMO_IDS.ecoleSuspendue, [3]),
    ]);

  const quizExam: ElearningOptionRow = {
    type: 1,
    level: 1,
    catchUp: false,
    modality: 'online quiz',
    examBegin: atTime(addDays(now, 10), 9, 0).toISOString(),
    examEnd: atTime(addDays(now, 10), 10, 30).toISOString(),
    examSubject: null,
    activityId: DEMO_POOLS.upcoming,
  };
  // Issue 12: a quiz exam open now (a two-week window, 90 minutes once started) and, in the
  // catch-up group, one that ended a month ago (Camille's attempt is seeded with its result).
  const openQuizExam: ElearningOptionRow = {
    ...quizExam,
    examBegin: atTime(addDays(now, -1), 8, 0).toISOString(),
    examEnd: atTime(addDays(now, 14), 20, 0).toISOString(),
    activityId: DEMO_POOLS.open,
  };
  const finishedQuizExam: ElearningOptionRow = {
    ...quizExam,
    catchUp: true,
    examBegin: atTime(addDays(now, -30), 9, 0).toISOString(),
    examEnd: atTime(addDays(now, -30), 11, 0).toISOString(),
    activityId: DEMO_POOLS.finished,
  };
  const writtenExam: ElearningOptionRow = {
    type: 2,
    level: 1,
    catchUp: false,
    modality: 'written answer',
    examBegin: addDays(now, -1).toISOString(),
    examEnd: addDays(now, 6).toISOString(),
    examSubject: { examFile: 'written-exam-s3.pdf' },
    activityId: 'demo-written-s3',
  };
  // Issue 13: the group exam (type 3), an abstract each learner uploads, open for three weeks.
  const uploadExam: ElearningOptionRow = {
    type: 3,
    level: 1,
    catchUp: false,
    modality: 'abstract upload',
    examBegin: addDays(now, -2).toISOString(),
    examEnd: addDays(now, 21).toISOString(),
    examSubject: null,
    activityId: 'demo-abstract-s3',
  };
  const elearning = { elearningDuration: 1200, elearningDurationTarget: 80 };
  await tx.insert(groups).values([
    {
      companyId: DEMO_IDS.universite,
      name: 'S3 – Groupe A',
      semester: 3,
      level: 1,
      ...elearning,
      elearningOptions: [openQuizExam, quizExam, writtenExam, uploadExam],
    },
    { companyId: DEMO_IDS.universite, name: 'S3 – Groupe B', semester: 3, level: 2, ...elearning },
    {
      companyId: DEMO_IDS.universite,
      name: 'S1 – Groupe A',
      semester: 1,
      level: 1,
      ...elearning,
      elearningOptions: [finishedQuizExam],
    },
    {
      companyId: DEMO_IDS.clinique,
      name: 'Parcours Clinique',
      semester: null,
      level: 1,
      elearningDuration: 900,
    },
    { companyId: DEMO_IDS.ecoleSuspendue, name: 'S3 – Groupe unique', semester: 3, level: 1, ...elearning },
  ]);
}

interface NotificationSeed {
  message: string;
  daysAgo: number;
  audience: 'company' | 'group' | 'user' | 'all';
}

async function seedLearners(tx: Executor, now: Date, passwordHash: string) {
  const notificationSeeds = JSON.parse(
    await readFile(path.join(demoContentDir, 'dashboard', 'notifications.json'), 'utf8'),
  ) as NotificationSeed[];
  const codeId = async (code: string) =>
    (await tx.select({ id: accessCodes.id }).from(accessCodes).where(eq(accessCodes.code, code)))[0]!.id;
  const groupId = async (name: string) =>
    (await tx.select({ id: groups.id }).from(groups).where(eq(groups.name, name)))[0]!.id;

  const common = { passwordHash, isVerified: true, type: 4 };
  const [etudiant, , salarie, suspendu, tiersTemps] = await tx
    .insert(users)
    .values([
      {
        ...common,
        email: 'etudiant.demo@demo-univ.fr',
        firstname: 'Camille',
        name: 'MARTIN',
        companyId: DEMO_IDS.universite,
        codeId: await codeId('DEMO-MED-2026'),
        semester: 3,
        catchUp: [1],
        placementtest: true,
        testFinish: true,
        // Her student id at the external exam provider (demo/evaluo-exams.ts).
        evaluoId: DEMO_EVALUO_STUDENT,
      },
      {
        ...common,
        email: 'nouveau.demo@demo-univ.fr',
        firstname: 'Léo',
        name: 'BERNARD',
        companyId: DEMO_IDS.universite,
        codeId: await codeId('DEMO-MED-2026'),
        semester: 3,
        placementtest: true,
      },
      {
        ...common,
        email: 'salarie.demo@clinique-demo.com',
        firstname: 'Sarah',
        name: 'DUBOIS',
        companyId: DEMO_IDS.clinique,
        codeId: await codeId('DEMO-CLINIC-2026'),
        placementtest: false,
        jobTitle: 'Infirmière coordinatrice',
        phone: '+33 1 23 45 67 89',
        needs: { telephoning: true, meetings: true, emails: true },
      },
      {
        ...common,
        email: 'suspendu.demo@demo-univ.fr',
        firstname: 'Hugo',
        name: 'PETIT',
        companyId: DEMO_IDS.ecoleSuspendue,
        codeId: await codeId('DEMO-BLOCKED-2026'),
        semester: 3,
        placementtest: true,
      },
      {
        // Issue 12: a learner with extra time on exams (a third more: the French "tiers-temps").
        ...common,
        email: 'tiers-temps.demo@demo-univ.fr',
        firstname: 'Inès',
        name: 'ROUSSEL',
        companyId: DEMO_IDS.universite,
        codeId: await codeId('DEMO-MED-2026'),
        semester: 3,
        placementtest: true,
        testFinish: true,
        additionalTime: 30,
      },
    ])
    .returning({ id: users.id });

  await tx.insert(groupMembers).values([
    { userId: etudiant!.id, groupId: await groupId('S1 – Groupe A'), createdAt: addDays(now, -400) },
    { userId: etudiant!.id, groupId: await groupId('S3 – Groupe A'), createdAt: addDays(now, -58) },
    { userId: salarie!.id, groupId: await groupId('Parcours Clinique') },
    { userId: tiersTemps!.id, groupId: await groupId('S3 – Groupe A'), createdAt: addDays(now, -58) },
  ]);

  // Camille finished her placement test at about B1; Hugo's school is blocked after 60 answers.
  // Their answers are to the real questions of the bank (loaded before the seed runs).
  const bank = await tx
    .select({
      id: placementQuestions.id,
      answers: placementQuestions.answers,
      correct: placementQuestions.correct,
    })
    .from(placementQuestions)
    .where(eq(placementQuestions.modelId, PLACEMENT_MODEL_ID))
    .orderBy(asc(placementQuestions.position));
  // With the standard errors a finished test stores (issue 33): Camille's range reaches B1.5, so
  // her group is flagged as in doubt; the second learner's is not.
  const scores = {
    scoreKN: 5.9,
    scoreRC: 5.6,
    scoreOC: 5.1,
    total: 5.53,
    se: { KN: 0.19, RC: 0.33, OC: 0.34, total: 0.16 },
    seWidened: 0.22,
  };
  const [camilleTest] = await tx
    .insert(placementTests)
    .values({
      userId: etudiant!.id,
      testModelId: PLACEMENT_MODEL_ID,
      createdAt: addDays(now, -59),
      finishedAt: addDays(now, -59),
      scores,
      level: levelFromScore(scores.total).label,
    })
    .returning({ id: placementTests.id });
  await tx.insert(placementTests).values({
    userId: tiersTemps!.id,
    testModelId: PLACEMENT_MODEL_ID,
    createdAt: addDays(now, -59),
    finishedAt: addDays(now, -59),
    scores: {
      scoreKN: 5.2,
      scoreRC: 4.8,
      scoreOC: 4.9,
      total: 4.97,
      se: { KN: 0.2, RC: 0.34, OC: 0.35, total: 0.17 },
      seWidened: 0.21,
    },
    level: levelFromScore(4.97).label,
  });
  await seedExamAttempts(tx, now, { camille: etudiant!.id, s1GroupId: await groupId('S1 – Groupe A') });
  const [blockedTest] = await tx
    .insert(placementTests)
    .values({ userId: suspendu!.id, testModelId: PLACEMENT_MODEL_ID, createdAt: addDays(now, -3) })
    .returning({ id: placementTests.id });
  // Camille's answers: right on the first question of every four, the key otherwise varied.
  const answerTo = (q: (typeof bank)[number], i: number) =>
    i % 4 === 0 ? q.correct : [...q.correct].reverse();
  if (bank.length > 0) {
    await tx.insert(placementAnswers).values(
      bank.map((q, i) => ({
        testId: camilleTest!.id,
        questionId: q.id,
        answerIndex: answerTo(q, i),
        isCorrect: i % 4 === 0,
        createdAt: addDays(now, -59),
      })),
    );
    await tx.insert(placementAnswers).values(
      bank.slice(0, LOGIN_BLOCKED_ANSWERS).map((q) => ({
        testId: blockedTest!.id,
        questionId: q.id,
        answerIndex: q.correct,
        isCorrect: true,
        createdAt: addDays(now, -3),
      })),
    );
  }

  // The notifications of dashboard/notifications.json, each to its audience, plus one of range
  // Group that learners must never see (SPEC §6).
  const s3a = await groupId('S3 – Groupe A');
  const audienceOf = (audience: NotificationSeed['audience']) =>
    audience === 'user'
      ? { userId: etudiant!.id }
      : audience === 'group'
        ? { groupId: s3a }
        : audience === 'company'
          ? { companyId: DEMO_IDS.universite }
          : {};
  await tx.insert(notifications).values([
    ...notificationSeeds.map((n) => ({
      message: n.message,
      ...audienceOf(n.audience),
      createdAt: addDays(now, -n.daysAgo),
    })),
    {
      message: 'Note interne aux enseignants du groupe.',
      range: 'Group' as const,
      companyId: DEMO_IDS.universite,
    },
  ]);
}

/**
 * DEMO.md "Staff and sign-on accounts": a teacher of the two S3 groups of Université Démo, that
 * university's manager, and the platform's admin (in the platform's own company). Staff take no
 * placement test; their role, not SPEC's learner `type`, decides what they may do (issue 11).
 */
async function seedStaff(tx: Executor, passwordHash: string) {
  await tx.insert(companies).values({ id: DEMO_IDS.platform, name: 'MedEnglish', type: 1, isCompany: true });
  const staff = { passwordHash, isVerified: true, placementtest: false };
  const [teacher] = await tx
    .insert(users)
    .values([
      {
        ...staff,
        email: 'enseignant.demo@demo-univ.fr',
        firstname: 'Claire',
        name: 'LEROY',
        companyId: DEMO_IDS.universite,
        role: 'teacher',
        jobTitle: 'Enseignante d’anglais médical',
      },
      {
        ...staff,
        email: 'gestion.demo@demo-univ.fr',
        firstname: 'Julien',
        name: 'MOREAU',
        companyId: DEMO_IDS.universite,
        role: 'manager',
        jobTitle: 'Responsable pédagogique',
      },
      {
        ...staff,
        email: 'admin.demo@medenglish.example',
        firstname: 'Alex',
        name: 'ROBERT',
        companyId: DEMO_IDS.platform,
        role: 'admin',
      },
    ])
    .returning({ id: users.id });
  const taught = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, DEMO_IDS.universite));
  await tx
    .insert(groupTeachers)
    .values(
      taught
        .filter((g) => g.name === 'S3 – Groupe A' || g.name === 'S3 – Groupe B')
        .map((g) => ({ groupId: g.id, userId: teacher!.id })),
    );
}

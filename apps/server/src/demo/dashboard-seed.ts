import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import {
  funFacts,
  groupFiles,
  groupMembers,
  groups,
  modules,
  news,
  studyTime,
  surveys,
  unitResults,
  units,
  users,
  type UnitResultRow,
} from '../db/schema.js';
import type { Storage } from '../integrations/storage/storage.js';
import { demoContentDir } from './content-paths.js';
import { addDays, isoDay } from './demo-dates.js';
import { DEMO_IDS } from './demo-ids.js';
import { demoActivityId, linkGroupModules, seedCourse, seedGroupResources } from './elearning-seed.js';
import { simplePdf } from './simple-pdf.js';
import { inTransaction } from '../db/transactions.js';

const dashboardDir = path.join(demoContentDir, 'dashboard');
const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

/**
 * The medical facts are product content, like the placement bank: loaded at every start (new
 * ones added, none duplicated), whether or not the demo is seeded.
 */
export async function loadFunFacts(db: Db): Promise<number> {
  const facts = await readJson<string[]>(path.join(dashboardDir, 'fun-facts.json'));
  const base = Date.UTC(2026, 0, 1);
  await db
    .insert(funFacts)
    .values(facts.map((body, i) => ({ body, createdAt: new Date(base + i * 1000) })))
    .onConflictDoNothing();
  return facts.length;
}

/**
 * Camille's record in S3 – Groupe A: five units done (scores from 70 to 90 %), one in progress —
 * the last activity — and about seven hours of study over the last three weeks.
 */
async function seedCamille(tx: Executor, now: Date, userId: string, groupId: string) {
  const unitRows = await tx.select({ id: units.id, activityId: units.activityId }).from(units);
  const unitId = (moduleKey: string, unitKey: string) =>
    unitRows.find((u) => u.activityId === demoActivityId(moduleKey, unitKey))!.id;
  const done = (scaled: number | null, max = 20): UnitResultRow => ({
    completion: true,
    success: true,
    score: scaled === null ? null : { scaled, raw: Math.round(scaled * max), max },
  });
  const results: {
    unit: string;
    verb: 'completed' | 'passed' | 'attempted';
    result: UnitResultRow;
    daysAgo: number;
  }[] = [
    {
      unit: unitId('patient-history', 'opening-the-consultation'),
      verb: 'completed',
      result: done(null),
      daysAgo: 20,
    },
    {
      unit: unitId('patient-history', 'presenting-complaint'),
      verb: 'completed',
      result: done(0.85),
      daysAgo: 17,
    },
    {
      unit: unitId('patient-history', 'past-drug-family-history'),
      verb: 'completed',
      result: done(0.7, 10),
      daysAgo: 12,
    },
    { unit: unitId('patient-history', 'chapter-quiz'), verb: 'passed', result: done(0.8), daysAgo: 9 },
    {
      unit: unitId('pain-and-symptoms', 'types-of-pain'),
      verb: 'completed',
      result: done(0.9, 10),
      daysAgo: 4,
    },
    {
      unit: unitId('pain-and-symptoms', 'site-onset-severity'),
      verb: 'attempted',
      result: { completion: false, success: null, score: null },
      daysAgo: 0.3,
    },
  ];
  await tx.insert(unitResults).values(
    results.map((r) => ({
      userId,
      unitId: r.unit,
      verb: r.verb,
      result: r.result,
      createdAt: addDays(now, -r.daysAgo - 0.05),
      updatedAt: addDays(now, -r.daysAgo),
    })),
  );
  // Minutes per unit and day, then a little time on the dashboard and glossary (idle time).
  const minutes: [string, number, number][] = [
    [results[0]!.unit, 20, 35],
    [results[1]!.unit, 17, 50],
    [results[1]!.unit, 16, 25],
    [results[2]!.unit, 12, 55],
    [results[3]!.unit, 9, 30],
    [results[4]!.unit, 4, 45],
    [results[5]!.unit, 1, 40],
    [results[5]!.unit, 0, 20],
  ];
  const idle: [number, number][] = [
    [20, 12],
    [17, 9],
    [12, 15],
    [9, 8],
    [4, 10],
    [1, 6],
    [0, 4],
  ];
  await tx.insert(studyTime).values([
    ...minutes.map(([unit, daysAgo, min]) => ({
      userId,
      groupId,
      unitId: unit,
      day: isoDay(addDays(now, -daysAgo)),
      seconds: min * 60,
    })),
    ...idle.map(([daysAgo, min]) => ({
      userId,
      groupId,
      unitId: '',
      day: isoDay(addDays(now, -daysAgo)),
      seconds: min * 60,
    })),
  ]);
}

/** The distribution and meeting documents of S3 – Groupe A, real PDFs in the storage adapter. */
async function seedGroupFiles(tx: Executor, storage: Storage, now: Date, groupId: string) {
  const documents = [
    {
      kind: 'distribution' as const,
      name: 'Répartition des groupes – semestre 3.pdf',
      title: 'Répartition des groupes – semestre 3',
      lines: [
        'Anglais médical – Faculté de Médecine, Université Démo',
        '',
        'S3 – Groupe A (niveau 1) : mardi 14 h – 16 h, salle B204',
        'S3 – Groupe B (niveau 2) : jeudi 10 h – 12 h, salle B206',
        '',
        'Le groupe est attribué selon le résultat du test de positionnement.',
        'Un changement de groupe se demande auprès du secrétariat pédagogique.',
      ],
      daysAgo: 55,
    },
    {
      kind: 'meeting' as const,
      name: 'Réunion de rentrée – compte rendu.pdf',
      title: 'Réunion de rentrée – compte rendu',
      lines: [
        'Objectif du semestre : 20 heures de e-learning, dont 80 % exigées.',
        'Évaluation : un quiz en ligne et une épreuve écrite (voir le tableau de bord).',
        'Modules : patient history, pain and symptoms, anatomy, medication.',
        'Questions : utilisez la page Aide ou écrivez à votre enseignante.',
      ],
      daysAgo: 50,
    },
  ];
  for (const doc of documents) {
    const key = `groups/${groupId}/${doc.kind}/${randomUUID()}/${doc.kind}.pdf`;
    await storage.put(key, simplePdf(doc.title, doc.lines));
    await tx.insert(groupFiles).values({
      groupId,
      kind: doc.kind,
      name: doc.name,
      storageKey: key,
      createdAt: addDays(now, -doc.daysAgo),
    });
  }
}

/**
 * The dashboard part of the demo (DEMO.md): the course outline and the groups that follow it,
 * news, a satisfaction survey, group documents, and Camille's results and study time. Runs once,
 * on a database that has the demo learners but no course yet (a demo seeded before this step
 * existed gets it at its next start).
 */
export async function seedDashboardIfEmpty(
  db: Db,
  storage: Storage,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(modules);
  if ((row?.n ?? 0) > 0) return false;
  const [camille] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'etudiant.demo@demo-univ.fr'));
  if (!camille) return false;
  const [s3a] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'S3 – Groupe A'));
  const newsItems = await readJson<{ message: string; daysAgo: number; type: 'Students' | 'Companies' }[]>(
    path.join(dashboardDir, 'news.json'),
  );
  const survey = await readJson<{ surveyLink: string; title: string }>(
    path.join(dashboardDir, 'survey.json'),
  );
  await inTransaction(db, async (tx) => {
    await linkGroupModules(tx, await seedCourse(tx, storage));
    await tx
      .update(groups)
      .set({ elearningTarget: 70 })
      .where(inArray(groups.name, ['S3 – Groupe A', 'S3 – Groupe B']));
    await tx
      .insert(news)
      .values(
        newsItems.map((n) => ({ message: n.message, type: n.type, createdAt: addDays(now, -n.daysAgo) })),
      );
    await tx
      .insert(surveys)
      .values({ ...survey, companyId: DEMO_IDS.universite, createdAt: addDays(now, -14) });
    if (s3a) {
      const [member] = await tx.select().from(groupMembers).where(eq(groupMembers.userId, camille.id));
      if (member) await seedCamille(tx, now, camille.id, s3a.id);
      await seedGroupFiles(tx, storage, now, s3a.id);
      await seedGroupResources(tx, storage, s3a.id, now);
    }
  });
  return true;
}

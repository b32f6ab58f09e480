import { and, asc, eq } from 'drizzle-orm';
import {
  isUnitFinished,
  moduleCompletion,
  type CourseModule,
  type ModulePercentages,
  type ModuleProgress,
  type TotalQuiz,
} from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { cmi5Units, groupModules, modules, unitResults, units } from '../../db/schema.js';
import { mediaUrl } from '../../integrations/storage/storage.js';
import { unitTimes } from '../trackers/index.js';

/**
 * GET /module/user/{userId}/{groupId}: the group's modules in course order, each with its units,
 * the learner's verb, result and time per unit (SPEC §3 Module and Unit) and the share finished.
 * Two queries whatever the course size: the units with results, and the time per unit.
 */
export async function modulesOfUser(db: Executor, userId: string, groupId: string): Promise<CourseModule[]> {
  const [rows, times] = await Promise.all([
    db
      .select({
        module: modules,
        unit: units,
        verb: unitResults.verb,
        result: unitResults.result,
        launchMethod: cmi5Units.launchMethod,
      })
      .from(groupModules)
      .innerJoin(modules, eq(modules.id, groupModules.moduleId))
      .leftJoin(units, eq(units.moduleId, modules.id))
      .leftJoin(unitResults, and(eq(unitResults.unitId, units.id), eq(unitResults.userId, userId)))
      .leftJoin(cmi5Units, eq(cmi5Units.unitId, units.id))
      .where(eq(groupModules.groupId, groupId))
      .orderBy(asc(groupModules.position), asc(units.position)),
    unitTimes(db, userId, groupId),
  ]);
  const timeOf = new Map(times.units.map((u) => [u.unit, u.time]));
  const byModule = new Map<string, CourseModule>();
  for (const row of rows) {
    let course = byModule.get(row.module.id);
    if (!course) {
      const m = row.module;
      course = {
        _id: m.id,
        key: m.key,
        name: m.name,
        isRise: m.isRise,
        summary: m.summary,
        objectives: m.objectives,
        thumbnail: m.thumbnail ? mediaUrl(m.thumbnail) : null,
        revisionFile: m.revisionFile.map((f) => ({ title: f.title, fileName: mediaUrl(f.fileName) })),
        units: [],
        progress: 0,
      };
      byModule.set(m.id, course);
    }
    if (!row.unit) continue;
    const u = row.unit;
    course.units.push({
      unit: {
        _id: u.id,
        name: u.name,
        thumbnail: u.thumbnail ? mediaUrl(u.thumbnail) : null,
        isFinalQuiz: u.isFinalQuiz,
        isRise: u.isRise,
        filename: u.filename,
        launchPoint: u.launchPoint,
        activityId: u.activityId,
        time: u.time,
        // A cmi5 AU that must run in its own window (launchMethod OwnWindow, decision 0030).
        ...(row.launchMethod === 'OwnWindow' ? { ownWindow: true } : {}),
      },
      verb: row.verb ?? null,
      result: row.result ?? null,
      time: timeOf.get(u.id) ?? 0,
    });
  }
  const list = [...byModule.values()];
  for (const course of list) course.progress = moduleCompletion(course.units);
  return list;
}

/** GET /module/totalquiz: the group's chapter quizzes and how many the learner passed. */
export function totalQuiz(course: CourseModule[]): TotalQuiz {
  const quizzes = course.flatMap((m) => m.units).filter((u) => u.unit.isFinalQuiz);
  return { total: quizzes.length, passed: quizzes.filter((u) => u.verb === 'passed').length };
}

/** GET /module/percentage: progress by module (SPEC §8 2201 "progress by module"). */
export function modulePercentages(course: CourseModule[]): ModulePercentages {
  return course.map((m) => ({ module: { _id: m._id, name: m.name }, percentage: m.progress }));
}

/** GET /module/progress: units finished over all the group's units. */
export function overallProgress(course: CourseModule[]): ModuleProgress {
  const all = course.flatMap((m) => m.units);
  const finished = all.filter(isUnitFinished).length;
  return {
    finished,
    total: all.length,
    percentage: all.length === 0 ? 0 : Math.round((finished / all.length) * 1000) / 10,
  };
}

/** A module as the import command names it. */
export interface ModuleRef {
  id: string;
  key: string;
  name: string;
}

/** A module key from a name: "Taking a patient history" → "taking-a-patient-history". */
export const moduleKeyOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'module';

const comparable = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The modules `content:import --module <ref>` may mean, and all modules (for the message when it
 * means none or several): the module with that key; else those whose name is the ref (case and
 * spacing aside); else the one whose key the ref's name would make (moduleKeyOf).
 */
export async function modulesMatching(
  db: Executor,
  ref: string,
): Promise<{ matches: ModuleRef[]; all: ModuleRef[] }> {
  const all = await db
    .select({ id: modules.id, key: modules.key, name: modules.name })
    .from(modules)
    .orderBy(asc(modules.key));
  const wanted = ref.trim();
  const byKey = all.filter((m) => m.key === wanted);
  if (byKey.length > 0) return { matches: byKey, all };
  const byName = all.filter((m) => comparable(m.name) === comparable(wanted));
  if (byName.length > 0) return { matches: byName, all };
  return { matches: all.filter((m) => m.key === moduleKeyOf(wanted)), all };
}

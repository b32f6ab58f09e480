import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cmi5Units, units } from '../../db/schema.js';
import type { Storage } from '../../integrations/storage/storage.js';
import type { Cmi5Course } from './cmi5-course.js';
import {
  moduleForImport,
  inTransactionWithFiles,
  type ImportOptions,
  type ImportResult,
} from './import-writes.js';
import type { PackageFiles } from './package-reader.js';

/**
 * A cmi5 course (cmi5 13–14): every AU becomes a unit of the module, in course order, so results,
 * progress and the module pages read it like any other unit; what cmi5 needs at launch (moveOn,
 * masteryScore, launch parameters, the blocks) goes in cmi5_units. The unit's activity id is the
 * LMS one we generate for the AU (8.1.5), stable across re-imports: a re-import updates the units.
 * `name` and `isFinalQuiz` of the options do not apply: each AU has its own title. The course
 * structure was validated whole before (planImport → parseCmi5Course: every problem at once, each
 * AU url against the package's files), so a refused course writes nothing.
 */
export async function importCmi5Course(
  db: Executor,
  storage: Storage,
  files: PackageFiles,
  course: Cmi5Course,
  options: ImportOptions,
  skipped: string[] = [],
): Promise<ImportResult> {
  return inTransactionWithFiles(db, storage, files, async (tx, store) => {
    const module = await moduleForImport(tx, options);
    const moduleId = module.id;
    const folder = await store();
    const [last] = await tx
      .select({ position: max(units.position) })
      .from(units)
      .where(and(eq(units.moduleId, moduleId)));
    let next = options.position ?? (last?.position ?? -1) + 1;

    const made: NonNullable<ImportResult['units']> = [];
    for (const au of course.aus) {
      const values = {
        moduleId,
        name: au.title,
        filename: folder,
        launchPoint: au.launch,
        isRise: options.isRise ?? false,
        ...(options.time === undefined ? {} : { time: options.time }),
      };
      const [existing] = await tx
        .select({ id: units.id })
        .from(units)
        .where(eq(units.activityId, au.activityId));
      let unitId: string;
      if (existing) {
        await tx.update(units).set(values).where(eq(units.id, existing.id));
        unitId = existing.id;
      } else {
        const [created] = await tx
          .insert(units)
          .values({ ...values, activityId: au.activityId, position: next++ })
          .returning({ id: units.id });
        unitId = created!.id;
      }
      const cmi5 = {
        courseActivityId: course.activityId,
        coursePublisherId: course.publisherId,
        publisherId: au.publisherId,
        blocks: au.blocks,
        moveOn: au.moveOn,
        masteryScore: au.masteryScore,
        launchMethod: au.launchMethod,
        launchParameters: au.launchParameters,
        entitlementKey: au.entitlementKey,
        urlQuery: au.urlQuery,
      };
      await tx
        .insert(cmi5Units)
        .values({ unitId, ...cmi5 })
        .onConflictDoUpdate({ target: cmi5Units.unitId, set: cmi5 });
      made.push({ unitId, activityId: au.activityId, name: au.title, created: !existing });
    }
    const first = made[0]!;
    return {
      unitId: first.unitId,
      moduleId,
      activityId: first.activityId,
      created: first.created,
      files: files.size,
      folder,
      module: { key: module.key, name: module.name, created: module.created },
      skipped,
      units: made,
    };
  });
}

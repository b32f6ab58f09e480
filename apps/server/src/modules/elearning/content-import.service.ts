import { createHash } from 'node:crypto';
import { and, eq, inArray, max, or } from 'drizzle-orm';
import { idSchema } from '@medenglish/shared';
import { messages } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupModules, groups, modules, units } from '../../db/schema.js';
import type { Storage } from '../../integrations/storage/storage.js';
import { CONTENT_PREFIX } from './content-headers.js';
import { PackageError, readPackage, type PackageFiles } from './package-reader.js';
import { manifestText, parseTincanManifest } from './tincan-manifest.js';
import { launchPointOf } from './launch-address.js';
import { importCmi5Course } from './cmi5-import.service.js';
import { inTransaction } from '../../db/transactions.js';

export interface ImportOptions {
  /** The module: its key, or a name (a new module gets a key made from it). */
  module: string;
  /** Unit title; the manifest's name when unset. */
  name?: string;
  isFinalQuiz?: boolean;
  /** Whether its score counts in the success rate like a Rise unit's (SPEC §9). */
  isRise?: boolean;
  /** Expected minutes of work. */
  time?: number;
  /** Place in the module (0-based); new units go last. */
  position?: number;
  /** Groups (names or ids) that follow the module from now on; it goes last in their course. */
  groups?: string[];
}

export interface ImportResult {
  unitId: string;
  moduleId: string;
  activityId: string;
  created: boolean;
  files: number;
  folder: string;
  /** A cmi5 course: every AU's unit, in course order (the fields above are the first one's). */
  units?: { unitId: string; activityId: string; name: string; created: boolean }[];
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

/** The storage folder of a package: named by its content, so a re-import of changed files never
 * alters what an open frame is reading, and an unchanged one writes nothing new. */
export function packageFolder(files: PackageFiles): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(name).update('\0').update(files.get(name)!);
  return `${CONTENT_PREFIX}/${hash.digest('hex').slice(0, 24)}`;
}

/**
 * Packages zipped with their folder (`course/tincan.xml`, …) are read from inside that folder, as
 * if zipped from within it. What macOS adds when it zips a folder (`__MACOSX/`, `.DS_Store`) is
 * left out first, or the Finder's zip of a course folder would have two top folders.
 */
export function packageRoot(source: PackageFiles): PackageFiles {
  const files = withoutSystemFiles(source);
  const isRoot = (prefix: string) => MANIFESTS.some((name) => files.has(`${prefix}${name}`));
  if (isRoot('')) return files;
  const names = [...files.keys()];
  const top = new Set(names.map((n) => n.split('/')[0]));
  const [folder] = top;
  if (top.size !== 1 || !isRoot(`${folder}/`)) return files;
  return new Map(names.map((n) => [n.slice(folder!.length + 1), files.get(n)!]));
}

/** What marks a package's root: a Tin Can manifest, or a cmi5 course structure (cmi5 14.1). */
const MANIFESTS = ['tincan.xml', 'cmi5.xml'];

/** Files no authoring tool writes: the resource forks and folder settings of macOS archives. */
function withoutSystemFiles(files: PackageFiles): PackageFiles {
  const isSystem = (name: string) =>
    name.startsWith('__MACOSX/') || name === '.DS_Store' || name.endsWith('/.DS_Store');
  if (![...files.keys()].some(isSystem)) return files;
  return new Map([...files].filter(([name]) => !isSystem(name)));
}

/**
 * `npm run content:import -- <package> --module <name>`: validates a package (folder or zip),
 * stores its files and creates or updates the unit with its activity id (the demo seed imports
 * its packages the same way).
 */
export async function importPackage(
  db: Executor,
  storage: Storage,
  source: string | PackageFiles,
  options: ImportOptions,
): Promise<ImportResult> {
  const files = packageRoot(typeof source === 'string' ? await readPackage(source) : source);
  // A cmi5 course (cmi5.xml at the root, cmi5 14.1) has its own import: cmi5-import.service.ts.
  if (files.has('cmi5.xml')) return importCmi5Course(db, storage, files, options);
  const manifestFile = files.get('tincan.xml');
  if (!manifestFile) throw new PackageError(messages.contentImport.noManifest);
  const manifest = parseTincanManifest(manifestText(manifestFile));
  if (!files.has(manifest.launch))
    throw new PackageError(messages.contentImport.missingLaunch(manifest.launch));

  const folder = packageFolder(files);
  for (const [name, data] of files) await storage.put(`${folder}/${name}`, data);

  return inTransaction(db, async (tx) => {
    const moduleId = await moduleForImport(tx, options);
    const values = {
      moduleId,
      name: options.name ?? manifest.name,
      filename: folder,
      launchPoint: launchPointOf(manifest.launch, manifest.launchSuffix),
      isFinalQuiz: options.isFinalQuiz ?? false,
      isRise: options.isRise ?? false,
      ...(options.time === undefined ? {} : { time: options.time }),
    };
    const [existing] = await tx
      .select({ id: units.id })
      .from(units)
      .where(eq(units.activityId, manifest.activityId));
    if (existing) {
      await tx
        .update(units)
        .set({ ...values, ...(options.position === undefined ? {} : { position: options.position }) })
        .where(eq(units.id, existing.id));
      return result(existing.id, false);
    }
    const [last] = await tx
      .select({ position: max(units.position) })
      .from(units)
      .where(and(eq(units.moduleId, moduleId)));
    const [created] = await tx
      .insert(units)
      .values({
        ...values,
        activityId: manifest.activityId,
        position: options.position ?? (last?.position ?? -1) + 1,
      })
      .returning({ id: units.id });
    return result(created!.id, true);

    function result(unitId: string, isNew: boolean): ImportResult {
      return {
        unitId,
        moduleId,
        activityId: manifest.activityId,
        created: isNew,
        files: files.size,
        folder,
      };
    }
  });
}

/**
 * The module a package goes into (by its key, made on first import) and, with `groups`, that
 * module followed by those groups: the same for a Tin Can package and a cmi5 course.
 */
export async function moduleForImport(tx: Executor, options: ImportOptions): Promise<string> {
  const key = moduleKeyOf(options.module);
  let [found] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.key, key));
  if (!found) {
    [found] = await tx
      .insert(modules)
      .values({ key, name: options.module, isRise: options.isRise ?? false })
      .returning({ id: modules.id });
  }
  if (options.groups?.length) await followModule(tx, found!.id, options.groups);
  return found!.id;
}

/** Links the module to the groups named (by name or id), last in their course; known links stay. */
async function followModule(tx: Executor, moduleId: string, names: string[]) {
  const ids = names.filter((n) => idSchema.safeParse(n).success);
  const found = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(or(inArray(groups.name, names), ...(ids.length ? [inArray(groups.id, ids)] : [])));
  const missing = names.filter((n) => !found.some((g) => g.name === n || g.id === n));
  if (missing.length > 0) throw new PackageError(messages.contentImport.unknownGroups(missing.join(', ')));
  for (const group of found) {
    const [last] = await tx
      .select({ position: max(groupModules.position) })
      .from(groupModules)
      .where(eq(groupModules.groupId, group.id));
    await tx
      .insert(groupModules)
      .values({ groupId: group.id, moduleId, position: (last?.position ?? -1) + 1 })
      .onConflictDoNothing();
  }
}

import { createHash } from 'node:crypto';
import { and, eq, inArray, max, or } from 'drizzle-orm';
import { idSchema } from '@medenglish/shared';
import { messages } from '@medenglish/shared';
import type { Executor, Tx } from '../../db/client.js';
import { groupModules, groups, modules, units } from '../../db/schema.js';
import type { Storage } from '../../integrations/storage/storage.js';
import { CONTENT_PREFIX } from './content-headers.js';
import {
  entryKind,
  hiddenEntriesOf,
  PackageError,
  readPackage,
  type PackageFiles,
} from './package-reader.js';
import { moduleKeyOf, modulesMatching, type ModuleRef } from './modules.service.js';
import { isValidStorageKey } from '../../integrations/storage/storage.js';
import { manifestText, parseTincanManifest, type TincanManifest } from './tincan-manifest.js';
import { parseCmi5Course, type Cmi5Course } from './cmi5-course.js';
import { launchPointOf } from './launch-address.js';
import { importCmi5Course } from './cmi5-import.service.js';
import { inTransaction } from '../../db/transactions.js';

export interface ImportOptions {
  /** The module: its key or its name (modulesMatching). */
  module: string;
  /**
   * When no module has that key or name: create it (its key made from the name) rather than
   * refuse. The import command asks for it with --new-module; in-process callers (the demo seed,
   * tests) name the modules they mean, and a module with that key or name is never doubled.
   */
  createModule?: boolean;
  /** Leave hidden files and folders (`.git/`, `.gitignore`…) out instead of refusing the package. */
  skipHidden?: boolean;
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
  /** The module the package went into, and whether this import created it. */
  module: { key: string; name: string; created: boolean };
  /** Hidden files and folders left out (with skipHidden). */
  skipped: string[];
  /** A cmi5 course: every AU's unit, in course order (the fields above are the first one's). */
  units?: { unitId: string; activityId: string; name: string; created: boolean }[];
}

export { moduleKeyOf };

/** The storage folder of a package: named by its content, so a re-import of changed files never
 * alters what an open frame is reading, and an unchanged one writes nothing new. */
export function packageFolder(files: PackageFiles): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(name).update('\0').update(files.get(name)!);
  return `${CONTENT_PREFIX}/${hash.digest('hex').slice(0, 24)}`;
}

/**
 * Packages zipped with their folder (`course/tincan.xml`, …) are read from inside that folder, as
 * if zipped from within it. What zip tools add (`__MACOSX/`, `.DS_Store`, `Thumbs.db`: entryKind)
 * is left out first, or the Finder's zip of a course folder would have two top folders.
 */
export function packageRoot(source: PackageFiles): PackageFiles {
  const files = withoutJunk(source);
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

function withoutJunk(files: PackageFiles): PackageFiles {
  if (![...files.keys()].some((name) => entryKind(name) === 'junk')) return files;
  return new Map([...files].filter(([name]) => entryKind(name) !== 'junk'));
}

/**
 * The files to store: junk left out; hidden files and folders refused with their names, or left
 * out with `skipHidden`; the one top folder unwrapped; every name one the content store can hold
 * (a name it cannot hold is refused here, by name, rather than failing half-way through storing).
 */
export function preparePackage(
  source: PackageFiles,
  options: Pick<ImportOptions, 'skipHidden'> = {},
): { files: PackageFiles; skipped: string[] } {
  const hidden = hiddenEntriesOf(source);
  if (hidden.length > 0 && !options.skipHidden) {
    throw new PackageError(messages.contentImport.hiddenFiles(listed(hidden)));
  }
  const visible =
    hidden.length > 0 ? new Map([...source].filter(([n]) => entryKind(n) !== 'hidden')) : source;
  const files = packageRoot(visible);
  const sample = `${CONTENT_PREFIX}/${'0'.repeat(24)}`;
  const unfit = [...files.keys()].filter((name) => !isValidStorageKey(`${sample}/${name}`));
  if (unfit.length > 0) throw new PackageError(messages.contentImport.badFileNames(listed(unfit)));
  return { files, skipped: hidden };
}

/** Names for a message: the first ten, and how many more. */
const listed = (names: string[]) =>
  names.length <= 10
    ? names.map((n) => `"${n}"`).join(', ')
    : `${names
        .slice(0, 10)
        .map((n) => `"${n}"`)
        .join(', ')} and ${names.length - 10} more`;

/** A package read and checked, ready to import: its files and what its manifest says. */
export type ImportPlan = { files: PackageFiles; skipped: string[] } & (
  { kind: 'tincan'; manifest: TincanManifest } | { kind: 'cmi5'; course: Cmi5Course }
);

/**
 * Reads and checks a package (folder, zip or files) without touching the database or the store:
 * what importPackage refuses for the package itself is refused here, so the import command
 * checks a package before it opens the database.
 */
export async function planImport(
  source: string | PackageFiles,
  options: Pick<ImportOptions, 'skipHidden'> = {},
): Promise<ImportPlan> {
  const { files, skipped } = preparePackage(
    typeof source === 'string' ? await readPackage(source) : source,
    options,
  );
  // A cmi5 course (cmi5.xml at the root, cmi5 14.1): validated whole, its AU urls against the files.
  if (files.has('cmi5.xml')) {
    const course = parseCmi5Course(files.get('cmi5.xml')!.toString('utf8'), {
      hasFile: (name) => files.has(name),
    });
    return { kind: 'cmi5', files, skipped, course };
  }
  const manifestFile = files.get('tincan.xml');
  if (!manifestFile) throw new PackageError(messages.contentImport.noManifest);
  const manifest = parseTincanManifest(manifestText(manifestFile));
  if (!files.has(manifest.launch))
    throw new PackageError(messages.contentImport.missingLaunch(manifest.launch));
  return { kind: 'tincan', files, skipped, manifest };
}

/**
 * `npm run content:import -- <package> --module <key or name>`: validates a package (folder or
 * zip), then in one transaction finds the module (or refuses, naming the modules), stores the
 * package's files and creates or updates the unit with its activity id (the demo seed imports its
 * packages the same way). A refused package leaves no row and no stored file.
 */
export async function importPackage(
  db: Executor,
  storage: Storage,
  source: string | PackageFiles | ImportPlan,
  options: ImportOptions,
): Promise<ImportResult> {
  const plan = isPlan(source) ? source : await planImport(source, options);
  // A cmi5 course has its own import: cmi5-import.service.ts.
  if (plan.kind === 'cmi5')
    return importCmi5Course(db, storage, plan.files, plan.course, options, plan.skipped);
  const { files, skipped, manifest } = plan;

  return inTransactionWithFiles(db, storage, files, async (tx, store) => {
    const module = await moduleForImport(tx, options);
    const moduleId = module.id;
    const folder = await store();
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
        module: { key: module.key, name: module.name, created: module.created },
        skipped,
      };
    }
  });
}

const isPlan = (source: string | PackageFiles | ImportPlan): source is ImportPlan =>
  typeof source === 'object' && 'kind' in source && 'files' in source;

/**
 * Runs an import's writes in one transaction; `store()` stores the package's files under their
 * content folder (called once the module and groups are known, so that their refusal stores
 * nothing). Should the transaction fail after that, a folder this import made is removed again:
 * a refused import leaves no file (a folder already there is another import's, and stays).
 */
export async function inTransactionWithFiles<T>(
  db: Executor,
  storage: Storage,
  files: PackageFiles,
  work: (tx: Tx, store: () => Promise<string>) => Promise<T>,
): Promise<T> {
  const folder = packageFolder(files);
  let made = false;
  const store = async () => {
    made = (await storage.list(folder)).length === 0;
    for (const [name, data] of files) await storage.put(`${folder}/${name}`, data);
    return folder;
  };
  try {
    return await inTransaction(db, (tx) => work(tx, store));
  } catch (error) {
    if (made)
      for (const name of files.keys()) await storage.delete(`${folder}/${name}`).catch(() => undefined);
    throw error;
  }
}

/**
 * The module a package goes into — by its key or name (modulesMatching), created only with
 * `createModule` when none matches, refused with the list of modules when none or several match —
 * and, with `groups`, that module followed by those groups: the same for a Tin Can package and a
 * cmi5 course.
 */
export async function moduleForImport(
  tx: Executor,
  options: ImportOptions,
): Promise<ModuleRef & { created: boolean }> {
  const { matches, all } = await modulesMatching(tx, options.module);
  const list = (modules: ModuleRef[]) =>
    modules.length === 0 ? '  (none yet)' : modules.map((m) => `  ${m.key} — ${m.name}`).join('\n');
  if (matches.length > 1) {
    throw new PackageError(messages.contentImport.ambiguousModule(options.module.trim(), list(matches)));
  }
  let found: (ModuleRef & { created: boolean }) | undefined = matches[0] && { ...matches[0], created: false };
  if (!found) {
    if (!(options.createModule ?? true)) {
      throw new PackageError(messages.contentImport.unknownModule(options.module.trim(), list(all)));
    }
    const name = options.module.trim().replace(/\s+/g, ' ');
    const [row] = await tx
      .insert(modules)
      .values({ key: moduleKeyOf(name), name, isRise: options.isRise ?? false })
      .returning({ id: modules.id, key: modules.key, name: modules.name });
    found = { ...row!, created: true };
  }
  if (options.groups?.length) await followModule(tx, found.id, options.groups);
  return found;
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

import { createHash } from 'node:crypto';
import { eq, inArray, max, or } from 'drizzle-orm';
import { idSchema, messages } from '@medenglish/shared';
import type { Executor, Tx } from '../../db/client.js';
import { groupModules, groups, modules } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Storage } from '../../integrations/storage/storage.js';
import { CONTENT_PREFIX } from './content-headers.js';
import { moduleKeyOf, modulesMatching, type ModuleRef } from './modules.service.js';
import { PackageError, type PackageFiles } from './package-reader.js';

/**
 * What a Tin Can package's import and a cmi5 course's import share (content-import.service.ts,
 * cmi5-import.service.ts): their options and result, the package's storage folder, the one
 * transaction with its files, and the module they go into.
 */

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

/** The storage folder of a package: named by its content, so a re-import of changed files never
 * alters what an open frame is reading, and an unchanged one writes nothing new. */
export function packageFolder(files: PackageFiles): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(name).update('\0').update(files.get(name)!);
  return `${CONTENT_PREFIX}/${hash.digest('hex').slice(0, 24)}`;
}

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

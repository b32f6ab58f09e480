import { and, eq, max } from 'drizzle-orm';
import { messages } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { units } from '../../db/schema.js';
import type { Storage } from '../../integrations/storage/storage.js';
import { CONTENT_PREFIX } from './content-headers.js';
import {
  entryKind,
  hiddenEntriesOf,
  PackageError,
  readPackage,
  type PackageFiles,
} from './package-reader.js';
import { moduleKeyOf } from './modules.service.js';
import { isValidStorageKey } from '../../integrations/storage/storage.js';
import { manifestText, parseTincanManifest, type TincanManifest } from './tincan-manifest.js';
import { parseCmi5Course, type Cmi5Course } from './cmi5-course.js';
import { launchPointOf } from './launch-address.js';
import { importCmi5Course } from './cmi5-import.service.js';
import {
  inTransactionWithFiles,
  moduleForImport,
  type ImportOptions,
  type ImportResult,
} from './import-writes.js';

export { moduleKeyOf };
export { packageFolder, type ImportOptions, type ImportResult } from './import-writes.js';

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

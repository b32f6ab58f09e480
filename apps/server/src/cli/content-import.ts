import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { connectPostgres, startPglite, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { storageFromConfig } from '../integrations/storage/storage-from-config.js';
import { importPackage, PackageError, planImport } from '../modules/elearning/index.js';

const usage = `Usage: npm run content:import -- <package folder or .zip>
  (--module <module key or name> | --new-module <module name>)
  [--name <unit title>] [--final-quiz] [--rise] [--time <minutes>] [--position <n>]
  [--group <group name or id>]... [--skip-hidden]

Imports an xAPI (Tin Can) package — tincan.xml at its root, or in the zip's one top folder —
into the module, creating or updating the unit with the package's activity id, or a cmi5 course —
cmi5.xml at its root, checked against the cmi5 course structure (all its problems are listed) —
with a unit for each of its assignable units.
--module names a module that exists, by its key or its name (case aside); when none or several
match, nothing is imported and the modules are listed. --new-module creates the module (its key
made from the name), or imports into the module that already has that name or key.
--group makes groups follow the module. Zip tools' extras (__MACOSX/, .DS_Store, Thumbs.db) are
left out; a package holding hidden files or folders (.git/, .gitignore…) is refused, or imported
without them with --skip-hidden. Uses DATABASE_URL and DATA_DIR like the server; with the
embedded database, stop the server first (one process holds it).`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      module: { type: 'string' },
      'new-module': { type: 'string' },
      name: { type: 'string' },
      'final-quiz': { type: 'boolean' },
      rise: { type: 'boolean' },
      time: { type: 'string' },
      position: { type: 'string' },
      group: { type: 'string', multiple: true },
      'skip-hidden': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const moduleRef = values.module ?? values['new-module'];
  const oneModule = (values.module === undefined) !== (values['new-module'] === undefined);
  if (values.help || positionals.length !== 1 || !oneModule || !moduleRef?.trim()) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const whole = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new PackageError(`--${flag} takes a whole number`);
    return Number(value);
  };
  // The package is read and checked before the database opens: a refused one never touches it.
  const plan = await planImport(path.resolve(positionals[0]!), { skipHidden: values['skip-hidden'] });
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL)
    : await startPglite(path.join(config.DATA_DIR, 'pg'));
  try {
    await migrateDatabase(database.db);
    const storage = storageFromConfig(config);
    const result = await importPackage(database.db, storage, plan, {
      module: moduleRef,
      createModule: values['new-module'] !== undefined,
      skipHidden: values['skip-hidden'],
      name: values.name,
      isFinalQuiz: values['final-quiz'],
      isRise: values.rise,
      time: whole('time', values.time),
      position: whole('position', values.position),
      groups: values.group,
    });
    if (result.module.created) console.log(`Created module ${result.module.key} (${result.module.name})`);
    if (result.skipped.length > 0)
      console.log(`Left out hidden files and folders: ${result.skipped.join(', ')}`);
    for (const unit of result.units ?? [{ ...result, name: values.name ?? '' }]) {
      console.log(
        `${unit.created ? 'Created' : 'Updated'} unit ${unit.unitId} (${unit.activityId}): ${result.files} files in ${result.folder}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof PackageError ? error.message : error);
  process.exit(1);
});

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { connectPostgres, startPglite, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { storageFromConfig } from '../integrations/storage/storage-from-config.js';
import { importPackage, PackageError } from '../modules/elearning/index.js';

const usage = `Usage: npm run content:import -- <package folder or .zip> --module <module key or name>
  [--name <unit title>] [--final-quiz] [--rise] [--time <minutes>] [--position <n>]
  [--group <group name or id>]...

Imports an xAPI (Tin Can) package — tincan.xml at its root — into the module, creating or
updating the unit with the package's activity id, or a cmi5 course — cmi5.xml at its root — with
a unit for each of its assignable units; --group makes groups follow the module. Uses DATABASE_URL and DATA_DIR like the server;
with the embedded database, stop the server first (one process holds it).`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      module: { type: 'string' },
      name: { type: 'string' },
      'final-quiz': { type: 'boolean' },
      rise: { type: 'boolean' },
      time: { type: 'string' },
      position: { type: 'string' },
      group: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals.length !== 1 || !values.module) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const whole = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new PackageError(`--${flag} takes a whole number`);
    return Number(value);
  };
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL)
    : await startPglite(path.join(config.DATA_DIR, 'pg'));
  try {
    await migrateDatabase(database.db);
    const storage = storageFromConfig(config);
    const result = await importPackage(database.db, storage, path.resolve(positionals[0]!), {
      module: values.module,
      name: values.name,
      isFinalQuiz: values['final-quiz'],
      isRise: values.rise,
      time: whole('time', values.time),
      position: whole('position', values.position),
      groups: values.group,
    });
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

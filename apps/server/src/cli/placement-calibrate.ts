import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { connectPostgres, startPglite } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { placementContentDir } from '../demo/content-paths.js';
import {
  answersFromDatabase,
  byLearner,
  calibrate,
  CALIBRATION_DEFAULTS,
  parseAnswersExport,
  poolFromBank,
  readBank,
  writeDifficulties,
  type CalibrationResult,
} from '../modules/placement/index.js';

const usage = `Usage: npm run placement:calibrate -- <answers.json | answers.csv | --db> [--write] [--min-answers <n>]

Re-estimates the difficulty of every placement question from learners' answers (Rasch with the
guessing floor of each question's form, by marginal maximum likelihood: EM over a grid of
abilities), keeping the scale's CEFR anchor (the mean difficulty stays where the writers put it),
and reports the questions that misfit (infit outside ${CALIBRATION_DEFAULTS.fit.low}–${CALIBRATION_DEFAULTS.fit.high}, or outfit above ${CALIBRATION_DEFAULTS.fit.high}).

  answers.json   an array of { "test": "<any learner or test id>", "question": "<bank key>", "correct": true }
  answers.csv    the same with the header test,question,correct
  --db           the finished tests in the database (DATABASE_URL, else the embedded one in
                 DATA_DIR; stop the server first: one process holds it)
  --write        write the new difficulties into src/demo/placement/bank.json, for a reviewed
                 commit (without it, only the report)
  --min-answers  answers a question needs before it moves (default ${CALIBRATION_DEFAULTS.minAnswers})`;

function report(result: CalibrationResult) {
  const rows = [...result.items].sort((a, b) => a.id.localeCompare(b.id));
  console.log('question      answers   difficulty (was)      infit   outfit');
  for (const r of rows) {
    const fit = (v: number | null) => (v === null ? '   –' : v.toFixed(2).padStart(5));
    const moved = r.calibrated
      ? `${r.difficulty.toFixed(2).padStart(6)} (${r.previous.toFixed(2)})`
      : `  kept ${r.previous.toFixed(2)}`;
    console.log(
      `${r.id.padEnd(12)} ${String(r.answers).padStart(8)}   ${moved.padEnd(18)}   ${fit(r.infit)}   ${fit(r.outfit)}${r.misfit ? '   MISFIT' : ''}`,
    );
  }
  const misfits = rows.filter((r) => r.misfit).map((r) => r.id);
  console.log(
    `\n${rows.filter((r) => r.calibrated).length} of ${rows.length} questions calibrated; population mean ${result.population.mean.toFixed(2)}, spread ${result.population.sd.toFixed(2)} levels; ${result.iterations} EM iterations${result.converged ? '' : ' (not converged)'}`,
  );
  console.log(misfits.length ? `Misfitting, to review: ${misfits.join(', ')}` : 'No misfitting question.');
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'boolean' },
      write: { type: 'boolean' },
      'min-answers': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || (positionals.length !== 1 && !values.db)) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const bank = await readBank(placementContentDir);
  let answers;
  if (values.db) {
    const config = loadConfig();
    const database = config.DATABASE_URL
      ? connectPostgres(config.DATABASE_URL)
      : await startPglite(path.join(config.DATA_DIR, 'pg'));
    try {
      await migrateDatabase(database.db);
      answers = await answersFromDatabase(database.db, bank.testModelId);
    } finally {
      await database.close();
    }
  } else {
    const file = path.resolve(positionals[0]!);
    answers = parseAnswersExport(await fs.readFile(file, 'utf8'), file);
  }
  const minAnswers = Number(values['min-answers'] ?? CALIBRATION_DEFAULTS.minAnswers);
  const learners = byLearner(answers);
  console.log(`${answers.length} answers of ${learners.length} tests`);
  const pool = poolFromBank(bank);
  const result = calibrate(
    pool.map((item) => ({ id: item.id, params: item.params })),
    learners,
    { minAnswers },
  );
  report(result);
  if (values.write) {
    const calibrated = new Map(result.items.filter((r) => r.calibrated).map((r) => [r.id, r.difficulty]));
    const changed = await writeDifficulties(placementContentDir, bank, calibrated);
    console.log(
      `\nWrote ${changed} new difficulties to src/demo/placement/bank.json: review the diff, then commit it.`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

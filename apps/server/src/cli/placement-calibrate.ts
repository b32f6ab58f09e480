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
  writeCalibration,
  type CalibratedParams,
  type CalibrationModel,
  type CalibrationResult,
  type ItemCalibration,
} from '../modules/placement/index.js';

const d = CALIBRATION_DEFAULTS;
const usage = `Usage: npm run placement:calibrate -- <answers.json | answers.csv | --db> [--model 2pl|rasch] [--min-answers <n>] [--write [--partial]]

Re-estimates every placement question from learners' answers (pretest answers included) and
reports what a reviewer needs before a calibration is applied (docs/decisions/0040):

- difficulty and discrimination of each question with their standard errors (2PL above the
  guessing floor of the question's form, by marginal maximum likelihood: EM over a grid of
  abilities; --model rasch re-estimates the difficulty alone), keeping the scale's anchors (the
  mean difficulty and the mean log-discrimination stay where they were);
- misfit: infit outside ${d.fit.low}–${d.fit.high} or outfit above ${d.fit.high} (and not chance: |z| > ${d.fit.z}), or a
  discrimination under ${d.weakDiscrimination} per level;
- drift: a difficulty more than ${d.drift.levels} level and ${d.drift.standardErrors} standard errors from the current one (the
  writer's level is off), or between the first and the second half of its answers in time;
- the answers each question needs for a difficulty to ±${d.targetSe} level, and whether the bank is ready
  to be recalibrated: every question with at least ${d.bankAnswers} answers.

  answers.json   an array of { "test": "<any learner or test id>", "question": "<bank key>",
                 "correct": true, "at": "2026-11-27T10:00:00Z" } (at optional: ISO date or ms)
  answers.csv    the same with the header test,question,correct[,at]
  --db           the finished tests in the database (DATABASE_URL, else the embedded one in
                 DATA_DIR; stop the server first: one process holds it)
  --model        2pl (default): difficulty and discrimination; rasch: difficulty only
  --min-answers  answers a question needs before it is re-estimated (default ${d.minAnswers})
  --write        write the new difficulties and discriminations into src/demo/placement/bank.json,
                 for a reviewed commit; only when the bank is ready
  --partial      with --write, when the bank is not ready: write only the questions with at least
                 ${d.bankAnswers} answers (the others keep theirs)`;

/** What the report shows of a bank question beside its calibration. */
interface QuestionInfo {
  level: string;
  /** The current difficulty is a calibration's (else the middle of the writer's level). */
  calibratedBefore: boolean;
}

const fixed = (v: number | null | undefined, digits = 2, width = 5) =>
  (v === null || v === undefined ? '–' : v.toFixed(digits)).padStart(width);

/** A list wrapped at about 100 characters, indented, for the report's sections. */
function wrapped(entries: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '  ';
  for (const entry of entries) {
    if (line.length + entry.length > 100 && line.trim() !== '') {
      lines.push(line.trimEnd().replace(/,$/, ','));
      line = '  ';
    }
    line += `${entry}, `;
  }
  if (line.trim() !== '') lines.push(line.replace(/, $/, ''));
  return lines;
}

function flagsOf(r: ItemCalibration): string {
  return [
    ...(r.misfit ? [`misfit (${r.misfitReasons.join(', ')})`] : []),
    ...(r.drift?.flagged ? ['drift'] : []),
    ...(r.timeDrift?.flagged ? ['drift over time'] : []),
  ].join('; ');
}

/** The table: one line per question, in key order. */
function table(result: CalibrationResult, info: ReadonlyMap<string, QuestionInfo>): string[] {
  const rows = [...result.items].sort((a, b) => a.id.localeCompare(b.id));
  const lines = [
    'question    level  answers   difficulty (was)    ± se    discrimination (was)  ± se   infit outfit  needed  flags',
  ];
  for (const r of rows) {
    const difficulty = r.calibrated
      ? `${fixed(r.difficulty, 2, 6)} (${r.previous.toFixed(2)})`
      : `  kept ${r.previous.toFixed(2)}`;
    const discrimination =
      r.calibrated && result.model === '2pl'
        ? `${fixed(r.discrimination, 2, 5)} (${r.previousDiscrimination.toFixed(2)})`
        : `  kept ${r.previousDiscrimination.toFixed(2)}`;
    lines.push(
      [
        r.id.padEnd(11),
        (info.get(r.id)?.level ?? '').padEnd(5),
        String(r.answers).padStart(7),
        '  ',
        difficulty.padEnd(17),
        fixed(r.se.difficulty),
        '   ',
        discrimination.padEnd(18),
        fixed(r.se.discrimination),
        '',
        fixed(r.infit),
        fixed(r.outfit),
        String(r.answersNeeded ?? '?').padStart(7),
        ' ',
        flagsOf(r),
      ].join(' '),
    );
  }
  return lines;
}

/**
 * The report a reviewer reads before applying a calibration: the table, then the questions
 * kept for want of answers, the misfits, the drifts, the answers still needed and the bank's
 * readiness. Pure: the command prints it.
 */
function calibrationReport(
  result: CalibrationResult,
  info: ReadonlyMap<string, QuestionInfo>,
  settings: { minAnswers: number; timed: boolean },
): string[] {
  const byKey = [...result.items].sort((a, b) => a.id.localeCompare(b.id));
  const moved = byKey.filter((r) => r.calibrated);
  const geometricMean = (values: number[]) =>
    Math.exp(values.reduce((s, v) => s + Math.log(v), 0) / Math.max(1, values.length));
  const lines = [
    ...table(result, info),
    '',
    `Model: ${result.model === '2pl' ? '2PL above each form’s guessing floor (difficulty and discrimination)' : 'Rasch with guessing floors (difficulty only)'}; ${result.iterations} EM iterations${result.converged ? '' : ' (NOT CONVERGED: read with care)'}.`,
    `Learners: mean ${result.population.mean.toFixed(2)} (0 is B1.5), spread ${result.population.sd.toFixed(2)} levels.`,
    ...(result.model === '2pl' && moved.length
      ? [
          `The re-estimated questions discriminate ${geometricMean(moved.map((r) => r.discrimination)).toFixed(2)} per level on average (geometric mean), against ${geometricMean(moved.map((r) => r.previousDiscrimination)).toFixed(2)} before.`,
        ]
      : []),
  ];

  const few = byKey.filter((r) => !r.calibrated);
  lines.push(
    '',
    `Too few answers to re-estimate (under ${settings.minAnswers}), kept as they were: ${few.length}`,
  );
  if (few.length) lines.push(...wrapped(few.map((r) => `${r.id} (${r.answers})`)));

  const misfits = moved.filter((r) => r.misfit);
  lines.push('', `Misfitting, for a writer to review (reword, re-key or remove): ${misfits.length}`);
  for (const r of misfits)
    lines.push(
      `  ${r.id.padEnd(11)} ${r.misfitReasons.join(', ').padEnd(18)} infit ${fixed(r.infit)} (z ${fixed(r.infitZ, 1, 4)})  outfit ${fixed(r.outfit)} (z ${fixed(r.outfitZ, 1, 4)})  discrimination ${r.discrimination.toFixed(2)}`,
    );

  const drifts = moved.filter((r) => r.drift?.flagged);
  lines.push(
    '',
    `Drift from the current difficulty (more than ${CALIBRATION_DEFAULTS.drift.levels} level and ${CALIBRATION_DEFAULTS.drift.standardErrors} standard errors), for a writer to review: ${drifts.length}`,
  );
  for (const r of drifts) {
    const q = info.get(r.id);
    const was = q?.calibratedBefore ? 'last calibration' : `writer's ${q?.level ?? 'level'}`;
    lines.push(
      `  ${r.id.padEnd(11)} ${r.previous.toFixed(2).padStart(6)} (${was}) → ${r.difficulty.toFixed(2).padStart(6)} ± ${r.se.difficulty!.toFixed(2)}: ${r.drift!.shift > 0 ? 'harder' : 'easier'} by ${Math.abs(r.drift!.shift).toFixed(2)} level`,
    );
  }

  lines.push('');
  if (!settings.timed) lines.push('Drift over time: not checked (the answers carry no times).');
  else {
    const timed = moved.filter((r) => r.timeDrift);
    const flagged = timed.filter((r) => r.timeDrift!.flagged);
    lines.push(
      `Drift over time (first half of each question's answers against the second; checked on ${timed.length} questions with ${2 * settings.minAnswers} answers or more): ${flagged.length}`,
    );
    for (const r of flagged)
      lines.push(
        `  ${r.id.padEnd(11)} ${r.timeDrift!.first.toFixed(2).padStart(6)} → ${r.timeDrift!.second.toFixed(2).padStart(6)} (± ${r.timeDrift!.se.toFixed(2)}): ${r.timeDrift!.shift < 0 ? 'easier lately (leaked? taught?)' : 'harder lately'}`,
      );
  }

  const target = CALIBRATION_DEFAULTS.targetSe;
  const short = byKey
    .filter((r) => r.answersNeeded === null || r.answersNeeded > r.answers)
    .sort(
      (a, b) => (b.answersNeeded ?? Infinity) - (a.answersNeeded ?? Infinity) || a.id.localeCompare(b.id),
    );
  // Needs beyond ten times the bank's rule come from a few answers far from the question: the
  // order of magnitude is what they tell.
  const far = 10 * result.readiness.required;
  const need = (r: ItemCalibration) =>
    r.answersNeeded === null ? '?' : r.answersNeeded > far ? `>${far}` : String(r.answersNeeded);
  lines.push(
    '',
    `Answers needed for a difficulty to ±${target} level, from the information of the answers so far (? : too few, or too far from the question, to tell): ${byKey.length - short.length} questions have them, ${short.length} need more (answers so far / needed):`,
  );
  if (short.length) lines.push(...wrapped(short.map((r) => `${r.id} ${r.answers}/${need(r)}`)));

  const ready = result.readiness;
  lines.push(
    '',
    `Bank readiness (decision 0040: every question with at least ${ready.required} answers): ${ready.enough} of ${ready.questions} questions have them; ${ready.precise} have a difficulty to ±${target} level already.`,
    ready.ready
      ? 'READY to be recalibrated: review the misfits and drifts above, then --write and commit the reviewed bank.json.'
      : `NOT READY: ${ready.questions - ready.enough} questions have fewer than ${ready.required} answers.`,
  );
  return lines;
}

/** The parameters --write puts into the bank: the re-estimated questions, or only those with answers enough. */
function toWrite(result: CalibrationResult, partial: boolean): Map<string, CalibratedParams> {
  return new Map(
    result.items
      .filter((r) => r.calibrated && (!partial || r.answers >= result.readiness.required))
      .map((r) => [
        r.id,
        {
          difficulty: r.difficulty,
          ...(result.model === '2pl' ? { discrimination: r.discrimination } : {}),
        },
      ]),
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'boolean' },
      write: { type: 'boolean' },
      partial: { type: 'boolean' },
      model: { type: 'string' },
      'min-answers': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const model = (values.model ?? CALIBRATION_DEFAULTS.model) as CalibrationModel;
  if (values.help || (positionals.length !== 1 && !values.db) || !['2pl', 'rasch'].includes(model)) {
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
  const times = answers.flatMap((a) => (a.at === undefined ? [] : [a.at]));
  const span = times.length
    ? `, ${new Date(Math.min(...times)).toISOString().slice(0, 10)} to ${new Date(Math.max(...times)).toISOString().slice(0, 10)}`
    : '';
  console.log(`${answers.length} answers of ${learners.length} tests${span}\n`);
  const pool = poolFromBank(bank);
  const result = calibrate(
    pool.map((item) => ({ id: item.id, params: item.params })),
    learners,
    { minAnswers, model },
  );
  const info = new Map(
    bank.questions.map((q) => [q.key, { level: q.level, calibratedBefore: q.difficulty !== undefined }]),
  );
  for (const line of calibrationReport(result, info, { minAnswers, timed: times.length > 0 }))
    console.log(line);
  if (values.write) {
    if (!result.readiness.ready && !values.partial) {
      console.log(
        '\nNot written: the bank is not ready (decision 0040). --partial writes only the questions with answers enough.',
      );
      process.exit(1);
    }
    const calibrated = toWrite(result, !result.readiness.ready);
    const changed = await writeCalibration(placementContentDir, bank, calibrated);
    console.log(
      `\nWrote ${calibrated.size} questions (${changed} changed) to src/demo/placement/bank.json: review the diff and the flagged questions, then commit it.`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

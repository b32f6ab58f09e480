import { parseArgs } from 'node:util';
import { placementContentDir } from '../demo/content-paths.js';
import {
  meetsAcceptance,
  poolFromBank,
  readBank,
  RESPONSE_MODELS,
  simulate,
  type SimulationReport,
} from '../modules/placement/index.js';

const usage = `Usage: npm run placement:simulate -- [--learners <per level, default 500>] [--seeds <n,n,…, default 17>] [--model <1|2>]

Simulated learners of known level take the adaptive placement test on the demo bank
(src/demo/placement/bank.json) under each stated response model (1: as the scoring assumes,
2: pessimistic, issue 33's acceptance); prints, by true level, the share placed within half a
CEFR level and within one level, the mean absolute error, the bias, the wrong-group rate (SPEC §9:
1 under B1.5, 2 from it), the questions asked and how often the true level lies in the 90 % range
of the engine's standard error and of the widened one; then where the pure guesser and the
pattern clickers land, and the fewest answers any question got.
Exits with 1 when an aim is not met.`;

const pct = (share: number) => `${(share * 100).toFixed(1)} %`.padStart(8);

function print(report: SimulationReport) {
  console.log(`\n${report.model.name} — seed ${report.seed}`);
  console.log(
    'true level     within ½   within 1   mean abs. error   bias    wrong group   questions   90 % range holds (engine / widened)',
  );
  for (const l of report.levels) {
    console.log(
      `${l.label.padEnd(12)} ${pct(l.withinHalf)}   ${pct(l.withinOne)}   ${l.meanAbsoluteError.toFixed(2).padStart(9)} lvl   ${l.bias.toFixed(2).padStart(5)}   ${pct(l.wrongGroup)}      ${l.meanQuestions.toFixed(1).padStart(5)}   ${pct(l.coveredBySe)} / ${pct(l.coveredByWidenedSe).trim()}`,
    );
  }
  for (const [pattern, bands] of Object.entries(report.patterns)) {
    const placed = Object.entries(bands)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([band, share]) => `${band} ${pct(share).trim()}`)
      .join(', ');
    console.log(`${pattern} placed: ${placed}`);
  }
  console.log(
    `fewest answers to one question: ${report.fewestAnswers.map((f) => `${f.part} ${f.answers}`).join(', ')}`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      learners: { type: 'string' },
      seeds: { type: 'string' },
      seed: { type: 'string' },
      model: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const learners = Number(values.learners ?? 500);
  const seeds = (values.seeds ?? values.seed ?? '17').split(',').map(Number);
  const models = values.model ? [RESPONSE_MODELS[Number(values.model) - 1]!] : RESPONSE_MODELS;
  const bank = await readBank(placementContentDir);
  const pool = poolFromBank(bank);
  const questions = new Map(bank.questions.map((q) => [q.key, { ...q, id: q.key }]));
  console.log(
    `${pool.length} questions; ${learners} simulated learners per true level; seeds ${seeds.join(', ')}`,
  );
  const failures: string[] = [];
  for (const model of models)
    for (const seed of seeds) {
      const report = simulate(pool, model, learners, seed, questions);
      print(report);
      failures.push(...meetsAcceptance(report));
    }
  if (failures.length) {
    console.log(`\nNot met:\n${failures.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery aim met (irt/simulate.ts, meetsAcceptance).');
  }
}

await main();

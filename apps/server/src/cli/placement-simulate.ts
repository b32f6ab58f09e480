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

const usage = `Usage: npm run placement:simulate -- [--learners <per level, default 500>] [--seed <n>]

Simulated learners of known level take the adaptive placement test on the demo bank
(src/demo/placement/bank.json) under each stated response model; prints, by true level, the share
placed within half a CEFR level and within one level, the mean absolute error, the wrong-group
rate (SPEC §9: 1 under B1.5, 2 from it) and the questions asked, then where a pure guesser lands.
Exits with 1 when the acceptance of issue 17 is not met.`;

const pct = (share: number) => `${(share * 100).toFixed(1)} %`.padStart(8);

function print(report: SimulationReport) {
  console.log(`\n${report.model.name}`);
  console.log('true level     within ½   within 1   mean abs. error   bias    wrong group   questions');
  for (const l of report.levels) {
    console.log(
      `${l.label.padEnd(12)} ${pct(l.withinHalf)}   ${pct(l.withinOne)}   ${l.meanAbsoluteError.toFixed(2).padStart(9)} lvl   ${l.bias.toFixed(2).padStart(5)}   ${pct(l.wrongGroup)}      ${l.meanQuestions.toFixed(1)}`,
    );
  }
  const guesser = Object.entries(report.guesser)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([band, share]) => `${band} ${pct(share).trim()}`)
    .join(', ');
  console.log(`pure guesser placed: ${guesser}`);
}

async function main() {
  const { values } = parseArgs({
    options: { learners: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const learners = Number(values.learners ?? 500);
  const seed = Number(values.seed ?? 17);
  const pool = poolFromBank(await readBank(placementContentDir));
  console.log(`${pool.length} questions; ${learners} simulated learners per true level; seed ${seed}`);
  const reports = RESPONSE_MODELS.map((model) => simulate(pool, model, learners, seed));
  reports.forEach(print);
  const failures = reports.flatMap(meetsAcceptance);
  if (failures.length) {
    console.log(`\nNot met:\n${failures.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      '\nAcceptance met: ≥ 90 % within half a level and < 5 % in the wrong group at every true level, in both runs; the pure guesser placed A0 or A1.',
    );
  }
}

await main();

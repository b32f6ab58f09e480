// The ADL xAPI conformance suite (adlnet/lrs-conformance-test-suite) against a started server's
// learning record store (issue 18). The suite is fetched and installed apart, never committed:
//   git clone https://github.com/adlnet/lrs-conformance-test-suite /tmp/lrs-suite
//   (cd /tmp/lrs-suite && npm install)
//   PORT=3222 DATA_DIR=$(mktemp -d) DEMO_SEED=0 XAPI_BASIC_AUTH=conformance:a-secret-of-16-chars \
//     node apps/server/dist/main.js &
//   XAPI_BASIC_AUTH=conformance:a-secret-of-16-chars LRS_ENDPOINT=http://127.0.0.1:3222/api/xapi \
//     npm run lrs:conformance -- /tmp/lrs-suite
// Settings: the suite's folder (first argument, or LRS_SUITE_DIR), LRS_ENDPOINT (default
// http://127.0.0.1:3000/api/xapi), XAPI_BASIC_AUTH (key:secret, as the server is given it),
// LRS_XAPI_VERSION (default 1.0.3), LRS_GREP (only the tests whose title matches).
// Prints the suite's commit, the counts and every failing test; exits 1 when one fails.
// The suite keeps what it sends: run it against a throwaway DATA_DIR, never a real one.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const suiteArg = process.argv[2] ?? process.env.LRS_SUITE_DIR;
if (!suiteArg) {
  console.error('Usage: npm run lrs:conformance -- <suite folder>   (or LRS_SUITE_DIR)');
  process.exit(2);
}
const suite = resolve(suiteArg);
const runner = join(suite, 'bin', 'console_runner.js');
if (!existsSync(runner)) {
  console.error(`${suite} is not the conformance suite: bin/console_runner.js is missing.`);
  process.exit(2);
}
if (!existsSync(join(suite, 'node_modules'))) {
  console.error(`The suite's dependencies are not installed: run npm install in ${suite}.`);
  process.exit(2);
}
const credentials = process.env.XAPI_BASIC_AUTH ?? '';
const colon = credentials.indexOf(':');
if (colon < 1) {
  console.error('XAPI_BASIC_AUTH must hold the key:secret the server was started with.');
  process.exit(2);
}
const endpoint = process.env.LRS_ENDPOINT ?? 'http://127.0.0.1:3000/api/xapi';
const version = process.env.LRS_XAPI_VERSION ?? '1.0.3';

let commit = 'unknown';
try {
  commit = execFileSync('git', ['-C', suite, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {
  // A copy without its history: the commit stays unknown.
}

const about = await fetch(`${endpoint}/about`).catch(() => null);
if (!about?.ok) {
  console.error(`No learning record store answers at ${endpoint}/about: start the server first.`);
  process.exit(2);
}

const args = [
  runner,
  '-e',
  endpoint,
  '-a',
  '-u',
  credentials.slice(0, colon),
  '-p',
  credentials.slice(colon + 1),
];
args.push('-x', version, '-z');
if (process.env.LRS_GREP) args.push('-g', process.env.LRS_GREP);

console.log(`ADL LRS conformance suite ${commit}, xAPI ${version}, against ${endpoint}`);
const started = Date.now();
const output = await new Promise((done) => {
  let text = '';
  const child = spawn(process.execPath, args, { cwd: suite, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (text += chunk));
  child.stderr.on('data', (chunk) => (text += chunk));
  child.on('close', () => done(text));
});

// The runner prints its running summary as JSON lines, and the path of its log at the end.
const summaries = output.split('\n').filter((line) => line.startsWith('{"total"'));
const logPath = /Full run log written to (\S+)/.exec(output)?.[1];
if (summaries.length === 0 || !logPath) {
  console.error(output.slice(-4000));
  console.error('The suite did not finish: see its output above.');
  process.exit(2);
}
const log = JSON.parse(readFileSync(logPath, 'utf8'));
const summary = log.summary ?? JSON.parse(summaries.at(-1));

/** The failing tests, by their path of titles (the log keeps failures only, -z). */
const failures = [];
const walk = (node, path) => {
  if (!node) return;
  const children = (node.tests ?? []).filter(Boolean);
  const title = [...path, node.title ?? ''].filter(Boolean);
  if (node.status === 'failed' && children.length === 0) {
    failures.push(`${title.join(' › ')}\n    ${String(node.error ?? '').split('\n')[0]}`);
  }
  for (const child of children) walk(child, title);
};
walk(log.log, []);

for (const failure of failures) console.log(`✗ ${failure}`);
const other = summary.total - summary.passed - summary.failed;
console.log(
  `\nsuite ${commit}  xAPI ${summary.version ?? version}: ${summary.passed} passed, ${summary.failed} failed` +
    `${other > 0 ? `, ${other} not run` : ''} of ${summary.total} (${Math.round((Date.now() - started) / 1000)} s)`,
);
console.log(`log: ${logPath}`);
process.exit(summary.failed > 0 ? 1 : 0);

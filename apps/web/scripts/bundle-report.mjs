#!/usr/bin/env node
/**
 * Weighs the JavaScript a visitor downloads for the first route, '/': the entry chunk of
 * index.html, every chunk it imports statically, and the boot stages it imports one after the
 * other (build/boot-stages.ts; their files are in route-files.json): what the browser fetches before
 * the login page can render. Lazy chunks (shell, pages, sign-up…) are listed apart and not counted.
 * Exits with 1 when the total is above the budget. Run after `vite build`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry in dist/.vite/manifest.json');
  process.exit(2);
}

/** The entry and its static imports, transitively, and the boot stages' files. */
const firstRoute = new Set();
(function visit(key) {
  if (firstRoute.has(key)) return;
  firstRoute.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
})(entryKey);
const { boot } = JSON.parse(await readFile(path.join(dist, 'route-files.json'), 'utf8'));
for (const file of boot) {
  const key = Object.keys(manifest).find((k) => `/${manifest[k].file}` === file);
  if (!key) {
    console.error(`route-files.json names ${file}, which the manifest does not hold`);
    process.exit(2);
  }
  firstRoute.add(key);
}

async function gzipKb(file) {
  return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length / 1024;
}

let total = 0;
const rows = [];
for (const key of firstRoute) {
  const size = await gzipKb(manifest[key].file);
  total += size;
  rows.push([manifest[key].file, size]);
}
rows.sort((a, b) => b[1] - a[1]);

console.log(
  `First route '/': entry ${manifest[entryKey].file}, its static imports and the boot stages (gzip)`,
);
for (const [file, size] of rows) console.log(`  ${size.toFixed(1).padStart(7)} KB  ${file}`);
console.log(`  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);

const lazy = Object.keys(manifest).filter(
  (key) => !firstRoute.has(key) && manifest[key].file.endsWith('.js'),
);
if (lazy.length) {
  console.log('Loaded later (not counted):');
  for (const key of lazy)
    console.log(`  ${(await gzipKb(manifest[key].file)).toFixed(1).padStart(7)} KB  ${manifest[key].file}`);
}

if (total > BUDGET_KB) {
  console.error(`Over budget: ${total.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}

// Every script opens with V8's compile hint (build/compile-hints.ts): one without it would be
// compiled piecemeal on the main thread of a phone again.
const unhinted = [];
for (const key of Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js'))) {
  const head = (await readFile(path.join(dist, manifest[key].file), 'utf8')).slice(0, 40);
  if (!head.startsWith('//# allFunctionsCalledOnLoad\n')) unhinted.push(manifest[key].file);
}
if (unhinted.length) {
  console.error(`Without the compile hint: ${unhinted.join(', ')}`);
  process.exit(1);
}

#!/usr/bin/env node
/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at the highest levels: the server sends them as they are (@fastify/static preCompressed), so a
 * phone downloads about a third of the bytes and the server spends no CPU compressing per request.
 * Run after `vite build`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = new Set([
  '.js',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.vtt',
  '.map',
]);
/** Below this, the headers weigh more than what compression saves. */
const MIN_BYTES = 1024;

/** The server's own render module (dist/server, vite build --ssr): read from disk, never sent. */
const serverOnly = path.join(dist, 'server');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (full === serverOnly) continue;
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || (await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  before += body.length;
  after += br.length;
}
console.log(
  `Precompressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`,
);

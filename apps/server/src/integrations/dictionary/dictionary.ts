import { createSpellIndex, type SpellIndex } from './suggest.js';
import type { Pos } from './morphy.js';
import {
  createWordnetReader,
  POSES,
  type Pointer,
  type Synset,
  type WordnetOptions,
  type WordnetReader,
} from './wordnet-reader.js';

/**
 * The dictionary of the pronunciation box (issue 15, SPEC "meanings with synonyms and antonyms,
 * limited to 5 each"), served offline from WordNet. The route puts the glossary's medical terms
 * first; an external dictionary API can implement the same `Dictionary` interface.
 */
export type PartOfSpeech = 'noun' | 'verb' | 'adjective' | 'adverb';

export interface DictionaryEntry {
  word: string;
  meanings: {
    /** WordNet's four; an external dictionary may add others ("exclamation"). */
    partOfSpeech: PartOfSpeech | (string & {});
    /** The dictionary form when it differs from the word typed ("foot" for "feet"). */
    lemma?: string;
    definitions: { definition: string; example?: string }[];
    synonyms: string[];
    antonyms: string[];
  }[];
}

export interface Dictionary {
  /** Null when the word is unknown; throws DictionaryInputError for an invalid word. */
  lookup(word: string): Promise<DictionaryEntry | null>;
  /** Close spellings, nearest then most common first. */
  suggest(word: string, max?: number): string[];
}

export interface WordnetDictionary extends Dictionary {
  /** Builds the indexes now (about 0.4 s, synchronous) rather than on the first requests. */
  warmUp(): void;
  close(): Promise<void>;
}

export const MAX_DEFINITIONS = 5;
export const MAX_RELATED = 5;

export class DictionaryInputError extends Error {
  override readonly name = 'DictionaryInputError';
}

const PART_OF_SPEECH: Record<Pos, PartOfSpeech> = { n: 'noun', v: 'verb', a: 'adjective', r: 'adverb' };

/** SPEC §1: more than 2 characters; letters, hyphens, spaces and apostrophes only. */
export function normalizeWord(input: unknown): string {
  const word =
    typeof input === 'string'
      ? input.normalize('NFC').trim().toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ')
      : '';
  if (word.length < 3 || word.length > 40 || !/^[\p{L}' -]+$/u.test(word) || !/\p{L}/u.test(word)) {
    throw new DictionaryInputError('A word has 3 to 40 letters, hyphens, spaces or apostrophes.');
  }
  return word;
}

export function createWordnetDictionary(
  options: WordnetOptions & { reader?: WordnetReader } = {},
): WordnetDictionary {
  const reader = options.reader ?? createWordnetReader(options);
  let spellIndex: SpellIndex | undefined;

  return {
    async lookup(input) {
      const word = normalizeWord(input);
      // WordNet writes collocations with underscores and keeps hyphens: "x ray" is "x-ray".
      for (const spelling of new Set([
        word.replace(/ /g, '_'),
        word.replace(/ /g, '-'),
        word.replace(/[ -]/g, '_'),
      ])) {
        const meanings = await meaningsOf(reader, spelling);
        if (meanings.length > 0) return { word, meanings };
      }
      return null;
    },
    suggest(input, max = 5) {
      const word = normalizeWord(input).replace(/ /g, '_');
      spellIndex ??= createSpellIndex(reader.lemmaFrequencies());
      return spellIndex.suggest(word, Math.max(0, Math.floor(max)));
    },
    warmUp() {
      spellIndex ??= createSpellIndex(reader.lemmaFrequencies());
    },
    close: () => reader.close(),
  };
}

async function meaningsOf(reader: WordnetReader, spelling: string): Promise<DictionaryEntry['meanings']> {
  const found = await Promise.all(
    POSES.map(async (pos) => {
      const bases = reader.baseForms(spelling, pos);
      const records = bases.map((base) => reader.senses(base, pos)).filter((r) => r !== undefined);
      const offsets = [...new Set(records.flatMap((r) => r.offsets))];
      if (offsets.length === 0) return undefined;
      const synsets = await Promise.all(offsets.map((offset) => reader.synset(pos, offset)));
      const own = new Set([spelling, ...bases]);
      const antonyms = await Promise.all(synsets.map((synset) => antonymsOf(reader, synset, own)));
      return {
        frequency: records.reduce((sum, r) => sum + r.tagsenseCount, 0),
        meaning: {
          partOfSpeech: PART_OF_SPEECH[pos],
          ...(bases[0] !== spelling && bases[0] ? { lemma: display(bases[0]) } : {}),
          definitions: synsets.slice(0, MAX_DEFINITIONS).map((synset) => splitGloss(synset.gloss)),
          synonyms: related(
            synsets.flatMap((synset) => synset.words),
            own,
          ),
          antonyms: related(
            [...antonyms.flatMap((a) => a.direct), ...antonyms.flatMap((a) => a.indirect)],
            own,
          ),
        },
      };
    }),
  );
  // The part of speech the word is most used in comes first ("hot" is an adjective before a verb).
  return found
    .filter((f) => f !== undefined)
    .sort((a, b) => b.frequency - a.frequency)
    .map((f) => f.meaning);
}

/**
 * Antonyms are lexical: a `!` pointer from this word's number in the synset. An adjective
 * satellite has none of its own, so WordNet's "indirect antonym" is the antonym of its head
 * synset (reached by `&`): "salubrious" → head "healthy" → "unhealthy". Direct antonyms of every
 * sense are listed before indirect ones, which are looser ("hot" → "cold" before "legal").
 */
async function antonymsOf(reader: WordnetReader, synset: Synset, own: Set<string>) {
  const ours = synset.words.map((w, i) => (own.has(w.toLowerCase()) ? i + 1 : 0)).filter((n) => n > 0);
  const direct = synset.pointers.filter(
    (p) => p.symbol === '!' && (p.source === 0 || ours.includes(p.source)),
  );
  const heads = synset.satellite
    ? await Promise.all(
        synset.pointers.filter((p) => p.symbol === '&').map((p) => reader.synset(p.pos, p.offset)),
      )
    : [];
  const indirect = heads.flatMap((head) => head.pointers.filter((p) => p.symbol === '!'));
  return { direct: await targetWords(reader, direct), indirect: await targetWords(reader, indirect) };
}

async function targetWords(reader: WordnetReader, pointers: Pointer[]): Promise<string[]> {
  const targets = await Promise.all(pointers.map((p) => reader.synset(p.pos, p.offset)));
  return pointers.flatMap((p, i) => {
    const words = targets[i]?.words ?? [];
    return p.target === 0 ? words : (words[p.target - 1] ?? []);
  });
}

/**
 * Deduplicated, without the word itself, spaces for underscores, at most 5. Case and separators
 * are ignored when comparing, so "x-ray" does not list "X-ray" or "x ray" as its synonym.
 */
function related(words: string[], own: Set<string>): string[] {
  const seen = new Set([...own].map(sameWordKey));
  const result: string[] = [];
  for (const word of words) {
    const key = sameWordKey(word);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(display(word));
    if (result.length === MAX_RELATED) break;
  }
  return result;
}

function sameWordKey(lemma: string): string {
  return lemma.toLowerCase().replace(/[_-]/g, ' ');
}

function display(lemma: string): string {
  return lemma.replace(/_/g, ' ');
}

/** A gloss is `definition; "example"; "example"- Author`: keep the definition and the first example. */
export function splitGloss(gloss: string): { definition: string; example?: string } {
  const quote = gloss.search(/(^|;\s*)"/);
  const definition = (quote >= 0 ? gloss.slice(0, quote) : gloss).trim().replace(/;$/, '');
  const example = quote >= 0 ? /"([^"]+)"/.exec(gloss.slice(quote))?.[1]?.trim() : undefined;
  return example ? { definition, example } : { definition };
}

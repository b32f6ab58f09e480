import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedDamerauLevenshtein } from './suggest.js';
import {
  createWordnetDictionary,
  DictionaryInputError,
  MAX_RELATED,
  splitGloss,
  type DictionaryEntry,
} from './dictionary.js';

// One dictionary for the file: the index is built once (a few hundred ms), as in the server.
const dictionary = createWordnetDictionary();
beforeAll(() => dictionary.warmUp());
afterAll(() => dictionary.close());

async function found(word: string): Promise<DictionaryEntry> {
  const entry = await dictionary.lookup(word);
  if (!entry) throw new Error(`${word} not found`);
  return entry;
}

const meaning = (entry: DictionaryEntry, partOfSpeech: string) =>
  entry.meanings.find((m) => m.partOfSpeech === partOfSpeech);

describe('WordNet dictionary', () => {
  it('gives the meanings of an adjective with at most 5 synonyms and antonyms', async () => {
    const entry = await found('  Healthy ');
    expect(entry.word).toBe('healthy');
    const adjective = meaning(entry, 'adjective');
    expect(adjective?.definitions[0]).toEqual({
      definition: 'having or indicating good health in body or mind; free from infirmity or disease',
      example: 'a rosy healthy baby',
    });
    expect(adjective?.synonyms).toContain('salubrious');
    expect(adjective?.antonyms).toContain('unhealthy');
    expect(adjective?.synonyms.length).toBeLessThanOrEqual(MAX_RELATED);
    expect(adjective?.antonyms.length).toBeLessThanOrEqual(MAX_RELATED);
  });

  it('finds medical nouns', async () => {
    const noun = meaning(await found('tachycardia'), 'noun');
    expect(noun?.definitions[0]?.definition).toMatch(/rapid heartbeat/);
  });

  it('gives direct antonyms first', async () => {
    expect(meaning(await found('hot'), 'adjective')?.antonyms[0]).toBe('cold');
  });

  it('finds inflected forms through morphology and exceptions', async () => {
    expect(meaning(await found('tachycardias'), 'noun')?.lemma).toBe('tachycardia');
    expect(meaning(await found('feet'), 'noun')?.lemma).toBe('foot');
    expect(meaning(await found('vertebrae'), 'noun')?.lemma).toBe('vertebra');
    expect(meaning(await found('running'), 'verb')?.lemma).toBe('run');
    const xRay = meaning(await found('x ray'), 'noun');
    expect(xRay?.synonyms).toContain('roentgen ray');
    expect(xRay?.synonyms.map((s) => s.toLowerCase())).not.toContain('x-ray');
  });

  it('never lists the word itself among its synonyms, nor more than 5', async () => {
    for (const word of ['head', 'set', 'good', 'feet', 'better']) {
      for (const m of (await found(word)).meanings) {
        const own = [word, m.lemma].filter(Boolean);
        expect(m.synonyms.length).toBeLessThanOrEqual(MAX_RELATED);
        expect(m.antonyms.length).toBeLessThanOrEqual(MAX_RELATED);
        expect(m.definitions.length).toBeLessThanOrEqual(5);
        for (const itself of own) expect(m.synonyms.map((s) => s.toLowerCase())).not.toContain(itself);
        expect(new Set(m.synonyms).size).toBe(m.synonyms.length);
      }
    }
  });

  it('returns null for an unknown word and suggests close spellings', async () => {
    expect(await dictionary.lookup('tachycardai')).toBeNull();
    expect(dictionary.suggest('tachycardai')).toContain('tachycardia');
    expect(dictionary.suggest('pnuemonia')[0]).toBe('pneumonia');
    expect(dictionary.suggest('helthy', 3)).toHaveLength(3);
  });

  it('refuses words that are too short, too long or not made of letters', async () => {
    for (const word of ['xq', '<script>', 'a'.repeat(41), 'h2o2', '---']) {
      await expect(dictionary.lookup(word)).rejects.toBeInstanceOf(DictionaryInputError);
      expect(() => dictionary.suggest(word)).toThrow(DictionaryInputError);
    }
  });

  it('answers quickly once the index is built', async () => {
    await found('healthy');
    let start = performance.now();
    await found('pneumonia'); // never read before: its synset lines come from disk
    expect(performance.now() - start).toBeLessThan(20);
    start = performance.now();
    await found('healthy');
    expect(performance.now() - start).toBeLessThan(20);
    start = performance.now();
    dictionary.suggest('stethoscop');
    expect(performance.now() - start).toBeLessThan(50);
  });
});

describe('dictionary helpers', () => {
  it('splits a gloss into its definition and first example', () => {
    expect(splitGloss('promoting health; healthful; "a healthy diet"; "clean air"- C.B.Davis')).toEqual({
      definition: 'promoting health; healthful',
      example: 'a healthy diet',
    });
    expect(splitGloss('abnormally rapid heartbeat')).toEqual({ definition: 'abnormally rapid heartbeat' });
  });

  it('counts a transposition as one edit and stops past the limit', () => {
    expect(boundedDamerauLevenshtein('tachycardai', 'tachycardia', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('helthy', 'healthy', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('heart', 'liver', 2)).toBe(3);
  });
});

import { z } from 'zod';
import type { Dictionary, DictionaryEntry } from './dictionary.js';
import { MAX_DEFINITIONS, MAX_RELATED, normalizeWord } from './dictionary.js';

/**
 * An external dictionary API (issue 15, "an external dictionary API by configuration"), in the
 * format of the Free Dictionary API (`GET {base}/{word}` → entries with meanings by part of
 * speech; 404 when unknown). Answers are checked; a provider that fails or is slow falls back to
 * the offline dictionary, so the box always answers. Close spellings come from the offline one.
 */
const definition = z.object({
  definition: z.string(),
  example: z.string().optional(),
  synonyms: z.array(z.string()).default([]),
  antonyms: z.array(z.string()).default([]),
});
const entries = z.array(
  z.object({
    word: z.string(),
    meanings: z.array(
      z.object({
        partOfSpeech: z.string(),
        definitions: z.array(definition),
        synonyms: z.array(z.string()).default([]),
        antonyms: z.array(z.string()).default([]),
      }),
    ),
  }),
);

export function createExternalDictionary(options: {
  url: string;
  timeoutMs: number;
  fallback: Dictionary;
  fetch?: typeof globalThis.fetch;
  onError?(message: string): void;
}): Dictionary {
  const doFetch = options.fetch ?? globalThis.fetch;
  const base = options.url.replace(/\/+$/, '');
  return {
    suggest: (word, max) => options.fallback.suggest(word, max),
    async lookup(input) {
      const word = normalizeWord(input);
      try {
        const response = await doFetch(`${base}/${encodeURIComponent(word)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`status ${response.status}`);
        return toEntry(word, entries.parse(await response.json()));
      } catch (error) {
        options.onError?.(`dictionary provider: ${(error as Error).message}`);
        return options.fallback.lookup(word);
      }
    },
  };
}

/** The provider's entries merged by part of speech, within SPEC §9's limits. */
function toEntry(word: string, found: z.infer<typeof entries>): DictionaryEntry | null {
  const byPos = new Map<string, DictionaryEntry['meanings'][number]>();
  const add = (list: string[], items: string[]) => {
    for (const item of items) {
      if (list.length >= MAX_RELATED) return;
      if (item.toLowerCase() !== word && !list.includes(item)) list.push(item);
    }
  };
  for (const entry of found) {
    for (const meaning of entry.meanings) {
      const pos = meaning.partOfSpeech.toLowerCase();
      const target: DictionaryEntry['meanings'][number] = byPos.get(pos) ?? {
        partOfSpeech: pos,
        definitions: [],
        synonyms: [],
        antonyms: [],
      };
      byPos.set(pos, target);
      for (const d of meaning.definitions) {
        if (target.definitions.length < MAX_DEFINITIONS) {
          target.definitions.push(
            d.example ? { definition: d.definition, example: d.example } : { definition: d.definition },
          );
        }
        add(target.synonyms, d.synonyms);
        add(target.antonyms, d.antonyms);
      }
      add(target.synonyms, meaning.synonyms);
      add(target.antonyms, meaning.antonyms);
    }
  }
  const meanings = [...byPos.values()].filter((m) => m.definitions.length > 0);
  return meanings.length ? { word, meanings } : null;
}

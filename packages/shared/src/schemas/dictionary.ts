import { z } from 'zod';

/** SPEC §1: a word of more than 2 characters (letters, hyphens, spaces, apostrophes; 40 at most). */
export const LOOKUP_WORD = /^(?=.*\p{L})[\p{L}' -]{3,40}$/u;
export const isLookupWord = (input: string) => LOOKUP_WORD.test(input.trim());

export const lookupParams = z.object({
  word: z
    .string()
    .transform((s) => s.normalize('NFC').trim().replace(/\s+/g, ' '))
    .refine(isLookupWord, 'A word has 3 to 40 letters, hyphens, spaces or apostrophes.'),
});

/** SPEC §9: synonyms and antonyms limited to 5. */
export const DICTIONARY_MAX_RELATED = 5;

export const dictionaryMeaning = z.object({
  partOfSpeech: z.string(),
  lemma: z.string().optional(),
  definitions: z.array(z.object({ definition: z.string(), example: z.string().optional() })),
  synonyms: z.array(z.string()).max(DICTIONARY_MAX_RELATED),
  antonyms: z.array(z.string()).max(DICTIONARY_MAX_RELATED),
});

/**
 * GET /dictionary/{word} (SPEC §7 "dictionary lookup by word", issue 15): our glossary's entry
 * first when the word is one of its medical terms, then the dictionary's meanings by part of
 * speech; an unknown word has neither, and close spellings instead.
 */
export const dictionaryAnswer = z.object({
  word: z.string(),
  glossary: z
    .object({ word: z.string(), translation: z.string(), definition: z.string(), example: z.string() })
    .nullable(),
  meanings: z.array(dictionaryMeaning),
  suggestions: z.array(z.string()),
});
export type DictionaryAnswer = z.infer<typeof dictionaryAnswer>;

/** GET /speech/{word}: where the server's own en-GB reading of the word is served. */
export const speechAnswer = z.object({ url: z.string() });

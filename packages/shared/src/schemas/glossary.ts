import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';

/** SPEC §3 "Glossary word" (word, translation, definition), with an example sentence (issue 14). */
export const glossaryWord = z.object({
  _id: idSchema,
  word: z.string(),
  translation: z.string(),
  definition: z.string(),
  example: z.string(),
  speciality: z.string(),
});
export type GlossaryWord = z.infer<typeof glossaryWord>;

const text = (max: number) => z.string().trim().min(1).max(max).refine(noControlCharacters);

/** PUT /glossary/{id} (SPEC §7 "word data"): staff add a word under a new id, or replace one. */
export const glossaryWordBody = z.object({
  word: text(120),
  translation: text(160),
  definition: text(600),
  example: z.string().trim().max(400).refine(noControlCharacters).optional(),
  speciality: z.string().trim().max(80).refine(noControlCharacters).optional(),
});
export type GlossaryWordBody = z.infer<typeof glossaryWordBody>;

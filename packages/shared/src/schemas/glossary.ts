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
  /**
   * Staff only: whether the caller may change and delete the word (decision 0037: platform words
   * are an admin's, a company's own words its staff's). Absent from a learner's words.
   */
  editable: z.boolean().optional(),
});
export type GlossaryWord = z.infer<typeof glossaryWord>;

const text = (max: number) => z.string().trim().min(1).max(max).refine(noControlCharacters);

/**
 * PUT /glossary/{id} (SPEC §7 "word data"): staff add a word under a new id — their company's, an
 * admin's the platform's — or replace one they may change.
 */
export const glossaryWordBody = z.object({
  word: text(120),
  translation: text(160),
  definition: text(600),
  example: z.string().trim().max(400).refine(noControlCharacters).optional(),
  speciality: z.string().trim().max(80).refine(noControlCharacters).optional(),
});
export type GlossaryWordBody = z.infer<typeof glossaryWordBody>;

/** The learner's answer to a word under review (FSRS's four grades). */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/** A starred word and when it is next due (issue 14, "Review my words"). */
export const glossaryStar = z.object({ wordId: idSchema, due: z.string() });
export type GlossaryStar = z.infer<typeof glossaryStar>;

/** A word due now, with when each answer would bring it back. */
export const reviewCard = z.object({
  word: glossaryWord,
  due: z.string(),
  previews: z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() }),
});
export type ReviewCard = z.infer<typeof reviewCard>;

export const reviewBody = z.object({ rating: z.enum(REVIEW_RATINGS) });
export const userWordParams = z.object({ userId: idSchema, wordId: idSchema });

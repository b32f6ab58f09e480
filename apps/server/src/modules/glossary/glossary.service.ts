import { asc, eq, sql } from 'drizzle-orm';
import { ErrorCode, messages, type GlossaryWord, type GlossaryWordBody } from '@medenglish/shared';
import { glossaryWords } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/app-error.js';

type Row = typeof glossaryWords.$inferSelect;

export const presentWord = (row: Row): GlossaryWord => ({
  _id: row.id,
  word: row.word,
  translation: row.translation,
  definition: row.definition,
  example: row.example,
  speciality: row.speciality,
});

/** GET /glossary/: every word, in alphabetical order (the page filters them as the learner types). */
export async function listWords(deps: Deps): Promise<GlossaryWord[]> {
  const rows = await deps.db
    .select()
    .from(glossaryWords)
    .orderBy(asc(sql`lower(${glossaryWords.word})`));
  return rows.map(presentWord);
}

/**
 * PUT /glossary/{id}: the word under that id, added or replaced (a PUT says the whole word). A
 * word spelt like another one (case aside) is refused: the glossary has one card per word.
 */
export async function putWord(deps: Deps, id: string, body: GlossaryWordBody): Promise<GlossaryWord> {
  const values = {
    word: body.word,
    translation: body.translation,
    definition: body.definition,
    example: body.example ?? '',
    speciality: body.speciality ?? '',
  };
  try {
    const [row] = await deps.db
      .insert(glossaryWords)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: glossaryWords.id, set: { ...values, updatedAt: deps.clock.now() } })
      .returning();
    return presentWord(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT, messages.glossary.duplicate);
    throw error;
  }
}

/** DELETE /glossary/{id}. */
export async function deleteWord(deps: Deps, id: string): Promise<{ _id: string }> {
  const [row] = await deps.db
    .delete(glossaryWords)
    .where(eq(glossaryWords.id, id))
    .returning({ id: glossaryWords.id });
  if (!row) throw notFound();
  return { _id: row.id };
}

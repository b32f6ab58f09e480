import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { ErrorCode, messages, type GlossaryWord, type GlossaryWordBody } from '@medenglish/shared';
import { glossaryWords } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/app-error.js';
import type { AccessClaims } from '../auth/index.js';
import { readsContentOf, staffOfCompanyIn } from '../../plugins/access-policy.js';

type Row = typeof glossaryWords.$inferSelect;

export const presentWord = (row: Row): GlossaryWord => ({
  _id: row.id,
  word: row.word,
  translation: row.translation,
  definition: row.definition,
  example: row.example,
  speciality: row.speciality,
});

/**
 * GET /glossary/: the words the caller reads — the platform's and their company's (decision 0037) —
 * in alphabetical order (the page filters them as the learner types). Staff also learn which ones
 * they may change (`editable`); a learner's words stay SPEC's shape.
 */
export async function listWords(deps: Deps, claims: AccessClaims): Promise<GlossaryWord[]> {
  const rows = await deps.db
    .select({ word: glossaryWords, editable: staffOfCompanyIn(glossaryWords.companyId, claims) })
    .from(glossaryWords)
    .where(readsContentOf(glossaryWords.companyId, claims))
    .orderBy(asc(sql`lower(${glossaryWords.word})`));
  const staff = claims.role !== 'learner';
  return rows.map((r) =>
    staff ? { ...presentWord(r.word), editable: Boolean(r.editable) } : presentWord(r.word),
  );
}

/** The word is one the caller reads (decision 0037); false for an unknown id. */
export async function isWordReadable(deps: Deps, id: string, claims: AccessClaims): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: glossaryWords.id })
    .from(glossaryWords)
    .where(and(eq(glossaryWords.id, id), readsContentOf(glossaryWords.companyId, claims)));
  return row !== undefined;
}

/** The word's company (null: the platform's), or undefined for an id that names no word yet. */
export async function wordCompanyOf(deps: Deps, id: string): Promise<string | null | undefined> {
  const [row] = await deps.db
    .select({ companyId: glossaryWords.companyId })
    .from(glossaryWords)
    .where(eq(glossaryWords.id, id));
  return row ? row.companyId : undefined;
}

/** An unknown id (a word to add) or a word the caller reads: PUT's object. */
export async function isWordReadableOrNew(deps: Deps, id: string, claims: AccessClaims): Promise<boolean> {
  return (await wordCompanyOf(deps, id)) === undefined || isWordReadable(deps, id, claims);
}

/**
 * PUT /glossary/{id}: the word under that id, added or replaced (a PUT says the whole word). The
 * route has checked that the caller may change it (so the answer says `editable`); a new word is `company`'s (null: the platform's),
 * an existing one keeps its own. A word spelt like another one its readers see (case aside) is
 * refused: one card per word — a platform word against every word, a company's against the
 * platform's and its own company's (never another company's, which its staff cannot see).
 */
export async function putWord(
  deps: Deps,
  id: string,
  body: GlossaryWordBody,
  company: string | null,
): Promise<GlossaryWord> {
  const values = {
    word: body.word,
    translation: body.translation,
    definition: body.definition,
    example: body.example ?? '',
    speciality: body.speciality ?? '',
  };
  const duplicate = () => new AppError(ErrorCode.CONFLICT, messages.glossary.duplicate);
  try {
    return await inTransaction(deps.db, async (tx) => {
      const [existing] = await tx
        .select({ companyId: glossaryWords.companyId })
        .from(glossaryWords)
        .where(eq(glossaryWords.id, id));
      const owner = existing ? existing.companyId : company;
      const [twin] = await tx
        .select({ id: glossaryWords.id })
        .from(glossaryWords)
        .where(
          and(
            sql`lower(${glossaryWords.word}) = lower(${body.word})`,
            ne(glossaryWords.id, id),
            owner === null
              ? undefined
              : or(isNull(glossaryWords.companyId), eq(glossaryWords.companyId, owner)),
          ),
        )
        .limit(1);
      if (twin) throw duplicate();
      const [row] = await tx
        .insert(glossaryWords)
        .values({ id, companyId: company, ...values })
        .onConflictDoUpdate({
          target: glossaryWords.id,
          set: { ...values, updatedAt: deps.clock.now() },
        })
        .returning();
      return { ...presentWord(row!), editable: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** DELETE /glossary/{id} (the route has checked that the caller may). */
export async function deleteWord(deps: Deps, id: string): Promise<{ _id: string }> {
  const [row] = await deps.db
    .delete(glossaryWords)
    .where(eq(glossaryWords.id, id))
    .returning({ id: glossaryWords.id });
  if (!row) throw notFound();
  return { _id: row.id };
}

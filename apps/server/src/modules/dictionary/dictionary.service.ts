import { and, sql } from 'drizzle-orm';
import { ErrorCode, messages, type DictionaryAnswer } from '@medenglish/shared';
import { glossaryWords } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { DictionaryInputError } from '../../integrations/dictionary/dictionary.js';
import { readsContentOf } from '../../plugins/access-policy.js';
import type { AccessClaims } from '../auth/index.js';

const badWord = () => new AppError(ErrorCode.VALIDATION, messages.pronunciation.invalidWord);

/**
 * GET /dictionary/{word}: our glossary's medical term first (its French translation and the
 * course's definition) — a word the caller reads, their company's before the platform's (decision
 * 0037) —, then the dictionary's meanings; for an unknown word, close spellings.
 */
export async function lookUp(deps: Deps, word: string, claims: AccessClaims): Promise<DictionaryAnswer> {
  const [term] = await deps.db
    .select()
    .from(glossaryWords)
    .where(
      and(
        sql`lower(${glossaryWords.word}) = lower(${word})`,
        readsContentOf(glossaryWords.companyId, claims),
      ),
    )
    .orderBy(sql`${glossaryWords.companyId} is null`)
    .limit(1);
  try {
    const entry = await deps.dictionary.lookup(word);
    const found = Boolean(term) || Boolean(entry);
    return {
      word: entry?.word ?? word.toLowerCase(),
      glossary: term
        ? {
            word: term.word,
            translation: term.translation,
            definition: term.definition,
            example: term.example,
          }
        : null,
      meanings: entry?.meanings ?? [],
      suggestions: found ? [] : deps.dictionary.suggest(word, 5),
    };
  } catch (error) {
    if (error instanceof DictionaryInputError) throw badWord();
    throw error;
  }
}

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ErrorCode, messages, type DictionaryAnswer } from '@medenglish/shared';
import { glossaryWords } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { DictionaryInputError } from '../../integrations/dictionary/dictionary.js';
import { speakToWav, SpeechUnavailable, type ServerVoice } from '../../integrations/speech/espeak.js';
import { mediaUrl } from '../../integrations/storage/storage.js';

const badWord = () => new AppError(ErrorCode.VALIDATION, messages.pronunciation.invalidWord);

/**
 * GET /dictionary/{word}: our glossary's medical term first (its French translation and the
 * course's definition), then the dictionary's meanings; for an unknown word, close spellings.
 */
export async function lookUp(deps: Deps, word: string): Promise<DictionaryAnswer> {
  const [term] = await deps.db
    .select()
    .from(glossaryWords)
    .where(sql`lower(${glossaryWords.word}) = lower(${word})`)
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

/** Words being spoken now, so that a class pressing "listen" on the same word runs one engine. */
const inFlight = new Map<string, Promise<void>>();

/**
 * GET /speech/{word}: the server's own en-GB reading (for browsers without an en-GB voice), made
 * once per word and voice and kept in storage, where /media serves it to anyone with the address.
 */
export async function speech(deps: Deps, word: string, voice: ServerVoice): Promise<{ url: string }> {
  const normalized = word.toLowerCase();
  const hash = createHash('sha256').update(`${voice}\n${normalized}`).digest('hex').slice(0, 32);
  const key = `speech/${voice}/${hash}.wav`;
  if (!(await deps.storage.head(key))) {
    let work = inFlight.get(key);
    if (!work) {
      work = speakToWav(normalized, voice, deps.config.ESPEAK_PATH)
        .then((wav) => deps.storage.put(key, wav))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, work);
    }
    try {
      await work;
    } catch (error) {
      if (error instanceof SpeechUnavailable) {
        throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, messages.pronunciation.speechUnavailable);
      }
      throw error;
    }
  }
  return { url: mediaUrl(key) };
}

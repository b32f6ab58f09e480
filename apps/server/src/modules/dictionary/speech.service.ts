import { createHash } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import { ErrorCode, messages } from '@medenglish/shared';
import { glossaryWords } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { readsContentOf } from '../../plugins/access-policy.js';
import type { AccessClaims } from '../auth/index.js';
import { createBoundedQueue, QueueFull } from '../../lib/bounded-queue.js';
import { DictionaryInputError } from '../../integrations/dictionary/dictionary.js';
import { speakToWav, SpeechUnavailable, type ServerVoice } from '../../integrations/speech/espeak.js';
import { mediaUrl, type ListedObject, type Storage } from '../../integrations/storage/storage.js';

/** Where the clips are stored: `speech/{voice}/{hash}.wav`. */
const PREFIX = 'speech';
/** What a learner's new words count against (integrations/rate-limit/limits.ts). */
const LIMIT_ACTION = 'speech';
/** When the engines are all busy and the queue is full: a word takes a fraction of a second. */
const RETRY_AFTER_SECONDS = 5;

export interface Speech {
  /** GET /speech/{word}: where the word's reading is served, made first when it is not stored. */
  url(caller: AccessClaims, word: string, voice: ServerVoice): Promise<{ url: string }>;
}

/**
 * The server's own en-GB reading of a word (issue 15, for browsers without an en-GB voice), made
 * once per word and voice by eSpeak NG and kept in storage, where /media serves it. Bounded
 * (issue 32), since every new word starts a process and keeps a file:
 * - only words the dictionary knows, or the glossary the caller reads (decision 0037), are read;
 *   any other answers 404 and starts nothing. Inflected forms the dictionary resolves
 *   ("tachycardias", "healthier") are words it knows;
 * - at most SPEECH_CONCURRENCY engines run at once on an instance, SPEECH_QUEUE_LENGTH requests
 *   wait their turn, and past that the answer is 503 with Retry-After;
 * - a learner may have RATE_LIMIT_SPEECH_WORDS new words read per window (429 past it); a word
 *   already stored plays for everyone and counts for no one;
 * - at most SPEECH_MAX_CLIPS clips are kept: past it the least recently used are deleted.
 * One per app (its queue and the words being read are this instance's).
 */
export function createSpeech(deps: Deps): Speech {
  const { config, storage } = deps;
  const log = (m: string) => config.LOG_LEVEL !== 'silent' && console.warn(m);
  const queue = createBoundedQueue(config.SPEECH_CONCURRENCY, config.SPEECH_QUEUE_LENGTH);
  const shelf = createClipShelf(storage, config.SPEECH_MAX_CLIPS, log);
  /** Words being read now, so that a class pressing "listen" on the same word runs one engine. */
  const inFlight = new Map<string, Promise<void>>();

  const read = (key: string, word: string, voice: ServerVoice) => {
    const work = queue
      .run(() => speakToWav(word, voice, config.ESPEAK_PATH))
      .then((wav) => storage.put(key, wav))
      .then(() => shelf.added(key))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
    return work;
  };

  return {
    async url(caller, word, voice) {
      const normalized = word.toLowerCase();
      const hash = createHash('sha256').update(`${voice}\n${normalized}`).digest('hex').slice(0, 32);
      const key = `${PREFIX}/${voice}/${hash}.wav`;
      if (await storage.head(key)) {
        shelf.used(key);
        return { url: mediaUrl(key) };
      }
      let work = inFlight.get(key);
      let counted = false;
      if (!work) {
        if (!(await isKnownWord(deps, caller, normalized))) {
          throw new AppError(ErrorCode.NOT_FOUND, messages.pronunciation.speechUnknownWord(word));
        }
        if (!inFlight.has(key)) {
          await deps.limits.userAttempt(LIMIT_ACTION, caller.userId, config.RATE_LIMIT_SPEECH_WORDS);
          counted = true;
        }
        // Another request may have started the same word while this one was checking.
        work = inFlight.get(key);
        if (work && counted) {
          await deps.limits.releaseUserAttempt(LIMIT_ACTION, caller.userId);
          counted = false;
        }
        work ??= read(key, normalized, voice);
      }
      try {
        await work;
      } catch (error) {
        if (error instanceof QueueFull) {
          if (counted) await deps.limits.releaseUserAttempt(LIMIT_ACTION, caller.userId);
          throw new AppError(ErrorCode.OVERLOADED, messages.pronunciation.speechBusy, undefined, {
            'retry-after': String(RETRY_AFTER_SECONDS),
          });
        }
        if (error instanceof SpeechUnavailable) {
          throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, messages.pronunciation.speechUnavailable);
        }
        throw error;
      }
      return { url: mediaUrl(key) };
    },
  };
}

/** A word of the dictionary (its inflected forms too), or of the glossary the caller reads. */
async function isKnownWord(deps: Deps, caller: AccessClaims, word: string): Promise<boolean> {
  try {
    if (await deps.dictionary.lookup(word)) return true;
  } catch (error) {
    if (error instanceof DictionaryInputError) {
      throw new AppError(ErrorCode.VALIDATION, messages.pronunciation.invalidWord);
    }
    throw error;
  }
  const [term] = await deps.db
    .select({ id: glossaryWords.id })
    .from(glossaryWords)
    .where(
      and(
        sql`lower(${glossaryWords.word}) = lower(${word})`,
        readsContentOf(glossaryWords.companyId, caller),
      ),
    )
    .limit(1);
  return term !== undefined;
}

/**
 * The clips kept under speech/: at most `max`. When a new clip takes the count past it, the least
 * recently used tenth are deleted (just the excess below 10 clips). "Used" is what this instance
 * saw since it started (clips it made or served); other clips rank by when they were written. The
 * count is listed from the store at the first new clip and whenever it passes `max`, and kept up
 * in between: with several instances the store can pass `max` by what the others added since,
 * until the next pass.
 */
function createClipShelf(storage: Storage, max: number, log: (m: string) => void) {
  const lastUsed = new Map<string, number>();
  let count: number | null = null;
  let pass: Promise<void> | null = null;

  const used = (key: string) => {
    lastUsed.delete(key);
    lastUsed.set(key, Date.now());
    if (lastUsed.size > max) lastUsed.delete(lastUsed.keys().next().value!);
  };

  async function evict() {
    const clips = await storage.list(PREFIX);
    count = clips.length;
    if (clips.length <= max) return;
    const keep = max - Math.floor(max / 10);
    const rank = (clip: ListedObject) => Math.max(lastUsed.get(clip.key) ?? 0, clip.lastModified.getTime());
    const victims = clips.sort((a, b) => rank(a) - rank(b)).slice(0, clips.length - keep);
    for (let i = 0; i < victims.length; i += 10) {
      await Promise.all(
        victims.slice(i, i + 10).map(async ({ key }) => {
          await storage.delete(key);
          lastUsed.delete(key);
          count!--;
        }),
      );
    }
  }

  return {
    used,
    /** A new clip was stored: makes room when the shelf is full, before its address is given. */
    async added(key: string) {
      used(key);
      if (count !== null) count++;
      if (count !== null && count <= max) return;
      pass ??= evict()
        .catch((error: Error) => log(`speech clips: could not make room: ${error.message}`))
        .finally(() => {
          pass = null;
        });
      await pass;
    },
  };
}

import type { AdaptiveItem } from './irt/adaptive.js';
import { itemParams } from './irt/model.js';
import type { ItemLevel } from './irt/scale.js';
import type { BankFile } from './bank.schema.js';

/** What the adaptive order needs of a question, whether read from the bank file or the database. */
export interface PoolSource {
  id: string;
  category: 'KN' | 'RC' | 'OC';
  type: string;
  level: ItemLevel;
  subcategory: string;
  answers: readonly unknown[];
  /** The key (answer indices) and the other keys accepted: they set the guessing floor. */
  correct: readonly number[];
  alsoCorrect?: readonly (readonly number[])[] | null;
  difficulty?: number | null;
  /** Calibrated discrimination per level; absent or null, the scoring's common one. */
  discrimination?: number | null;
  hasPicture: boolean;
  /** The passage's title (reading) or the audio file (listening) the question is about. */
  stimulus: string | null;
}

export function adaptiveItem(q: PoolSource): AdaptiveItem {
  return {
    id: q.id,
    part: q.category,
    level: q.level,
    calibrated: q.difficulty !== null && q.difficulty !== undefined,
    area: q.subcategory,
    format: q.hasPicture ? `${q.type}+picture` : q.type,
    stimulus: q.stimulus,
    params: itemParams({
      level: q.level,
      type: q.type,
      optionCount: q.answers.length,
      keyLength: q.correct.length,
      keys: 1 + (q.alsoCorrect?.length ?? 0),
      difficulty: q.difficulty ?? null,
      discrimination: q.discrimination ?? null,
    }),
  };
}

/** The bank file's questions as an adaptive pool, keyed by question key (simulation, calibration). */
export function poolFromBank(bank: BankFile): AdaptiveItem[] {
  const titles = new Map(bank.passages.map((p) => [p.key, p.title]));
  return bank.questions.map((q) =>
    adaptiveItem({
      id: q.key,
      category: q.category,
      type: q.type,
      level: q.level,
      subcategory: q.subcategory,
      answers: q.answers,
      correct: q.correct,
      alsoCorrect: q.alsoCorrect ?? null,
      difficulty: q.difficulty ?? null,
      discrimination: q.discrimination ?? null,
      hasPicture: q.media?.type === 'img',
      stimulus: q.passage
        ? (titles.get(q.passage) ?? q.passage)
        : q.media?.type === 'audio'
          ? q.media.filename
          : null,
    }),
  );
}

import { asc, eq } from 'drizzle-orm';
import type { PlacementQuestion } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { placementModels, placementQuestions } from '../../db/schema.js';
import { placementMediaKey } from './bank-loader.js';
import { adaptiveItem } from './adaptive-pool.js';
import type { AdaptiveItem } from './irt/adaptive.js';

export type QuestionRow = typeof placementQuestions.$inferSelect;

export interface LoadedModel {
  model: typeof placementModels.$inferSelect;
  questions: QuestionRow[];
  byId: Map<string, QuestionRow>;
  audioFiles: Set<string>;
  /** The questions as the adaptive order and the scoring see them (irt/), in bank order. */
  pool: AdaptiveItem[];
}

/**
 * The bank changes only when the server starts with new content, but every answer needs it: keep
 * it in memory for a minute per database (tests run several databases in one process).
 */
const TTL_MS = 60_000;
const cache = new WeakMap<Db, Map<string, { at: number; value: Promise<LoadedModel | null> }>>();

async function load(db: Db, modelId: string): Promise<LoadedModel | null> {
  const [model] = await db.select().from(placementModels).where(eq(placementModels.id, modelId));
  if (!model) return null;
  const questions = await db
    .select()
    .from(placementQuestions)
    .where(eq(placementQuestions.modelId, modelId))
    .orderBy(asc(placementQuestions.position));
  return {
    model,
    questions,
    byId: new Map(questions.map((q) => [q.id, q])),
    audioFiles: new Set(questions.flatMap((q) => (q.media?.type === 'audio' ? [q.media.filename] : []))),
    pool: questions.map((q) =>
      adaptiveItem({
        ...q,
        hasPicture: q.media?.type === 'img',
        stimulus: q.passage?.title ?? (q.media?.type === 'audio' ? q.media.filename : null),
      }),
    ),
  };
}

export function loadModel(db: Db, modelId: string): Promise<LoadedModel | null> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(modelId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load(db, modelId);
  perDb.set(modelId, { at: Date.now(), value });
  // A failed load is not remembered.
  value.catch(() => perDb.delete(modelId));
  return value;
}

/** Forgets the cached bank of a database, as its expiry does (tests use it). */
export function forgetModels(db: Db): void {
  cache.delete(db);
}

/**
 * The question as the browser sees it: everything but the key (`correct`), its options in the
 * order drawn for the test (option-order.ts).
 */
export function presentQuestion(q: QuestionRow, order: readonly number[]): PlacementQuestion {
  return {
    _id: q.id,
    name: q.name,
    type: q.type,
    category: q.category,
    level: q.level,
    subcategory: q.subcategory,
    answers: order.map((i) => ({ text: q.answers[i]!.text })),
    media: q.media
      ? {
          filename: q.media.filename,
          type: q.media.type,
          url: `/media/${placementMediaKey(q.media)}`,
          audioAttribution: q.media.audioAttribution ?? null,
        }
      : null,
    passage: q.passage ?? null,
  };
}

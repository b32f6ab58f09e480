import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { poolQuestions, questionPools } from '../../db/schema.js';

export type PoolRow = typeof questionPools.$inferSelect;
export type PoolQuestionRow = typeof poolQuestions.$inferSelect;

export interface LoadedPool {
  pool: PoolRow;
  questions: PoolQuestionRow[];
  byId: Map<string, PoolQuestionRow>;
}

/**
 * Every answer of every candidate needs its pool, which changes only when content is loaded at a
 * start: keep it in memory for a minute per database (tests run several in one process). 5,000
 * candidates answering every 30 s would otherwise read the pool 170 times a second.
 */
const TTL_MS = 60_000;
const cache = new WeakMap<Db, Map<string, { at: number; value: Promise<LoadedPool | null> }>>();

async function read(db: Db, poolId: string): Promise<LoadedPool | null> {
  const [pool] = await db.select().from(questionPools).where(eq(questionPools.id, poolId));
  if (!pool) return null;
  const questions = await db
    .select()
    .from(poolQuestions)
    .where(eq(poolQuestions.poolId, poolId))
    .orderBy(asc(poolQuestions.position));
  return { pool, questions, byId: new Map(questions.map((q) => [q.id, q])) };
}

export function cachedPool(db: Db, poolId: string): Promise<LoadedPool | null> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(poolId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = read(db, poolId);
  perDb.set(poolId, { at: Date.now(), value });
  value.catch(() => perDb.delete(poolId));
  return value;
}

/** Forgets the pools cached for a database (content reloaded, tests). */
export function forgetPools(db: Db): void {
  cache.delete(db);
}

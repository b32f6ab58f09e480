import { sql } from 'drizzle-orm';
import { messages, type PlacementQuestion, type PoolSummary } from '@medenglish/shared';
import { groups } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { QUIZ_EXAM_TYPE } from './exam-context.js';
import { cachedPool } from './pool-cache.js';

async function pool(deps: Deps, poolId: string) {
  const loaded = await cachedPool(deps.db, poolId);
  if (!loaded) throw notFound(messages.exam.unknownPool);
  return loaded;
}

/** GET /qpool/{poolId}: the exam's name, duration and length, shown before it starts. */
export async function poolSummaryOf(deps: Deps, poolId: string): Promise<PoolSummary> {
  const { pool: row, questions } = await pool(deps, poolId);
  return {
    poolId: row.id,
    name: row.name,
    durationMinutes: row.durationMinutes,
    questionCount: row.drawCount ?? questions.length,
  };
}

/**
 * The groups whose quiz exam draws on the pool (an elearningOptions item of type 1 naming it by
 * activityId, SPEC §3): their staff may read its questions beforehand (decision 0037).
 */
export async function groupsUsingPool(
  deps: Deps,
  poolId: string,
): Promise<{ id: string; companyId: string }[]> {
  const exam = JSON.stringify([{ type: QUIZ_EXAM_TYPE, activityId: poolId }]);
  return deps.db
    .select({ id: groups.id, companyId: groups.companyId })
    .from(groups)
    .where(sql`${groups.elearningOptions} @> ${exam}::jsonb`);
}

/**
 * GET /qpool/questions/{poolId} (the staff of a group whose exam draws on it): the pool's questions
 * as candidates see them, never the keys.
 */
export async function poolQuestionsOf(deps: Deps, poolId: string): Promise<PlacementQuestion[]> {
  const { questions } = await pool(deps, poolId);
  return questions.map((q) => ({
    _id: q.id,
    name: q.name,
    type: q.type,
    category: q.category,
    level: q.level,
    subcategory: q.subcategory,
    answers: q.answers,
    media: null,
    passage: q.passage ?? null,
  }));
}

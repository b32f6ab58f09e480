import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { poolQuestions, questionPools } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import { keyProblems } from '../questions/index.js';
import { poolFile, type PoolFile } from './pool.schema.js';

/** Everything wrong with a pool file; empty when it can be loaded. */
export function poolProblems(pool: PoolFile): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const passages = new Set(pool.passages.map((p) => p.key));
  for (const q of pool.questions) {
    if (keys.has(q.key)) problems.push(`${q.key}: duplicate key`);
    keys.add(q.key);
    for (const p of keyProblems(q)) problems.push(`${q.key}: ${p}`);
    if (q.passage && !passages.has(q.passage)) problems.push(`${q.key}: unknown passage ${q.passage}`);
    if (q.category === 'RC' && !q.passage) problems.push(`${q.key}: reading question without a passage`);
  }
  if (pool.drawCount !== undefined && pool.drawCount > pool.questions.length) {
    problems.push(`drawCount ${pool.drawCount} is more than the ${pool.questions.length} questions`);
  }
  return problems;
}

export async function readPoolFile(file: string): Promise<PoolFile> {
  const pool = poolFile.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  const problems = poolProblems(pool);
  if (problems.length)
    throw new Error(`exam pool ${path.basename(file)} is invalid:\n${problems.join('\n')}`);
  return pool;
}

/**
 * Loads (or updates) a pool: questions upserted by key in file order, those gone from the file
 * removed. A question's id stays the same across loads, so attempts in progress keep theirs.
 */
export async function loadPool(db: Db, pool: PoolFile): Promise<void> {
  const passages = new Map(pool.passages.map((p) => [p.key, { title: p.title, text: p.text }]));
  await inTransaction(db, async (tx) => {
    const row = {
      id: pool.poolId,
      name: pool.name,
      durationMinutes: pool.durationMinutes ?? 90,
      drawCount: pool.drawCount ?? null,
      shuffle: pool.shuffle ?? true,
    };
    await tx
      .insert(questionPools)
      .values(row)
      .onConflictDoUpdate({ target: questionPools.id, set: { ...row, updatedAt: new Date() } });
    for (const [position, q] of pool.questions.entries()) {
      const question = {
        poolId: pool.poolId,
        key: q.key,
        position,
        category: q.category,
        type: q.type,
        level: q.level,
        subcategory: q.subcategory,
        name: q.name,
        passage: q.passage ? (passages.get(q.passage) ?? null) : null,
        answers: q.answers,
        correct: q.correct,
      };
      await tx
        .insert(poolQuestions)
        .values(question)
        .onConflictDoUpdate({ target: [poolQuestions.poolId, poolQuestions.key], set: question });
    }
    await tx.delete(poolQuestions).where(
      and(
        eq(poolQuestions.poolId, pool.poolId),
        notInArray(
          poolQuestions.key,
          pool.questions.map((q) => q.key),
        ),
      ),
    );
  });
}

/** Every pool file of a folder (the demo's src/demo/exams), at each start like the placement bank. */
export async function loadPoolsFrom(db: Db, dir: string): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const loaded: string[] = [];
  for (const file of files) {
    const pool = await readPoolFile(path.join(dir, file));
    await loadPool(db, pool);
    loaded.push(pool.poolId);
  }
  return loaded;
}

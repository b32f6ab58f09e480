import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { examAnswers, examAttempts, poolQuestions, questionPools } from '../db/schema.js';
import { buildLayout, scoreAttempt } from '../modules/exams/index.js';
import { addDays, atTime } from './demo-dates.js';
import { DEMO_POOLS } from './demo-ids.js';

/**
 * Camille's finished quiz exam of semester 1 (issue 12, DEMO.md): taken a month ago, sent by her
 * after 32 minutes, with a result. Its questions are the real ones of the pool (loaded before the
 * seed runs; without the pool, as in tests that load none, there is nothing to seed).
 */
export async function seedExamAttempts(tx: Executor, now: Date, ids: { camille: string; s1GroupId: string }) {
  const [pool] = await tx.select().from(questionPools).where(eq(questionPools.id, DEMO_POOLS.finished));
  if (!pool) return;
  const questions = await tx
    .select()
    .from(poolQuestions)
    .where(eq(poolQuestions.poolId, pool.id))
    .orderBy(asc(poolQuestions.position));
  // A fixed "random" so the demo is the same at every seed.
  let seed = 7;
  const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  const layout = buildLayout(questions, { shuffle: pool.shuffle, drawCount: pool.drawCount }, random);
  const startedAt = atTime(addDays(now, -30), 9, 5);
  const finishedAt = new Date(startedAt.getTime() + 32 * 60_000);
  const byId = new Map(questions.map((q) => [q.id, q]));
  // Right on all but every fifth question, where she gave the key reversed.
  const answers = layout.map((slot, position) => {
    const q = byId.get(slot.question)!;
    const right = position % 5 !== 4;
    const original = right || q.correct.length < 2 ? q.correct : [...q.correct].reverse();
    const wrongChoice =
      !right && q.correct.length === 1 ? [(q.correct[0]! + 1) % q.answers.length] : original;
    const answerIndex = right ? original : wrongChoice;
    const isCorrect =
      answerIndex.every((v, i) => v === q.correct[i]) && answerIndex.length === q.correct.length;
    return {
      position,
      questionId: q.id,
      answerIndex,
      shownIndex: answerIndex.map((i) => slot.options.indexOf(i)),
      isCorrect,
      receivedAt: new Date(startedAt.getTime() + (position + 1) * 110_000),
    };
  });
  const [attempt] = await tx
    .insert(examAttempts)
    .values({
      userId: ids.camille,
      groupId: ids.s1GroupId,
      poolId: pool.id,
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + pool.durationMinutes * 60_000),
      layout,
      finishedAt,
      finishedBy: 'learner',
      scores: scoreAttempt(answers.filter((a) => a.isCorrect).length, layout.length),
      createdAt: startedAt,
    })
    .returning({ id: examAttempts.id });
  await tx.insert(examAnswers).values(answers.map((a) => ({ ...a, attemptId: attempt!.id })));
}

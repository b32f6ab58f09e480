import { and, asc, eq, lte } from 'drizzle-orm';
import type { GlossaryStar, ReviewCard, ReviewRating } from '@medenglish/shared';
import { glossaryReviews, glossaryWords } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { presentWord } from './glossary.service.js';
import { fromStored, newCard, previews, rate, toStored } from './review-schedule.js';

/** A review session shows at most this many words: a few minutes between two shifts. */
const SESSION_SIZE = 30;

const mine = (userId: string, wordId: string) =>
  and(eq(glossaryReviews.userId, userId), eq(glossaryReviews.wordId, wordId));

/** GET /glossary/stars/{userId}: the learner's starred words and when each is due. */
export async function stars(deps: Deps, userId: string): Promise<GlossaryStar[]> {
  const rows = await deps.db
    .select({ wordId: glossaryReviews.wordId, due: glossaryReviews.due })
    .from(glossaryReviews)
    .where(eq(glossaryReviews.userId, userId))
    .orderBy(asc(glossaryReviews.due));
  return rows.map((r) => ({ wordId: r.wordId, due: r.due.toISOString() }));
}

/** PUT /glossary/stars/{userId}/{wordId}: starred, due at once; starring again changes nothing. */
export async function star(deps: Deps, userId: string, wordId: string): Promise<GlossaryStar> {
  const [word] = await deps.db
    .select({ id: glossaryWords.id })
    .from(glossaryWords)
    .where(eq(glossaryWords.id, wordId));
  if (!word) throw notFound();
  const now = deps.clock.now();
  const card = newCard(now);
  await deps.db
    .insert(glossaryReviews)
    .values({ userId, wordId, card: toStored(card), due: card.due })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(glossaryReviews).where(mine(userId, wordId));
  return { wordId, due: row!.due.toISOString() };
}

/** DELETE /glossary/stars/{userId}/{wordId}: no longer reviewed (its history goes with it). */
export async function unstar(deps: Deps, userId: string, wordId: string): Promise<{ wordId: string }> {
  const [row] = await deps.db.delete(glossaryReviews).where(mine(userId, wordId)).returning();
  if (!row) throw notFound();
  return { wordId };
}

/** GET /glossary/review/{userId}: the words due now, the longest overdue first. */
export async function session(deps: Deps, userId: string): Promise<ReviewCard[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ review: glossaryReviews, word: glossaryWords })
    .from(glossaryReviews)
    .innerJoin(glossaryWords, eq(glossaryWords.id, glossaryReviews.wordId))
    .where(and(eq(glossaryReviews.userId, userId), lte(glossaryReviews.due, now)))
    .orderBy(asc(glossaryReviews.due))
    .limit(SESSION_SIZE);
  return rows.map(({ review, word }) => ({
    word: presentWord(word),
    due: review.due.toISOString(),
    previews: previews(fromStored(review.card), now),
  }));
}

/**
 * POST /glossary/review/{userId}/{wordId}: the learner's answer, scheduled by FSRS at the server's
 * time. Only a due word takes an answer: a retry after a dropped connection, or the same word
 * answered on a second device, finds it no longer due and gets its schedule unchanged (under a row
 * lock, so two concurrent answers cannot both apply).
 */
export async function answer(
  deps: Deps,
  userId: string,
  wordId: string,
  rating: ReviewRating,
): Promise<GlossaryStar> {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(glossaryReviews).where(mine(userId, wordId)).for('update');
    if (!row) throw notFound();
    const now = deps.clock.now();
    if (row.due.getTime() > now.getTime()) return { wordId, due: row.due.toISOString() };
    const next = rate(fromStored(row.card), now, rating);
    await tx
      .update(glossaryReviews)
      .set({ card: toStored(next), due: next.due })
      .where(mine(userId, wordId));
    return { wordId, due: next.due.toISOString() };
  });
}

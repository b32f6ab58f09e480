import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import { REVIEW_RATINGS, type ReviewRating } from '@medenglish/shared';

/**
 * The spaced review of glossary words (issue 14) by FSRS, through ts-fsrs: pure of storage and
 * time (the server's clock is passed in). Without fuzz, so that the same answers on the same day
 * give the same next date (tests, and two devices agreeing).
 */
const scheduler = fsrs({ enable_fuzz: false, request_retention: 0.9, maximum_interval: 365 });

const GRADE: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** A card as stored (JSON): ts-fsrs's fields, dates as ISO strings. */
export type StoredCard = Record<string, unknown>;

export const toStored = (card: Card): StoredCard => ({
  ...card,
  due: card.due.toISOString(),
  last_review: card.last_review ? card.last_review.toISOString() : null,
});

export function fromStored(stored: StoredCard): Card {
  const card = stored as unknown as Card & { due: string; last_review: string | null };
  return {
    ...card,
    due: new Date(card.due),
    last_review: card.last_review ? new Date(card.last_review) : undefined,
  } as Card;
}

/** A newly starred word: due at once. */
export const newCard = (now: Date): Card => createEmptyCard(now);

/** The card after the learner's answer now. */
export const rate = (card: Card, now: Date, rating: ReviewRating): Card =>
  scheduler.next(card, now, GRADE[rating]).card;

/** When each answer would bring the card back (shown on the buttons). */
export function previews(card: Card, now: Date): Record<ReviewRating, string> {
  const outcomes = scheduler.repeat(card, now);
  return Object.fromEntries(
    REVIEW_RATINGS.map((r) => [r, outcomes[GRADE[r]].card.due.toISOString()]),
  ) as Record<ReviewRating, string>;
}

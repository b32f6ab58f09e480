import { isCorrectAnswer, type KeyedQuestion } from '../questions/index.js';
import { displayOrder, toBankIndexes } from './option-order.js';

/**
 * Learners who answer by position, not by English (issue 33): the bank could be read that way
 * when keys sat at the same places. Each picks options by their place on screen; whether that is
 * right depends only on the order the test shows them in (option-order.ts).
 */
export type ClickerPattern = 'first options' | 'first options, one swap' | 'second option';
export const CLICKER_PATTERNS: readonly ClickerPattern[] = [
  'first options',
  'first options, one swap',
  'second option',
];

export type BankQuestion = KeyedQuestion & { id: string };

/** The places a pattern clicks (indices as shown) for a question of this form. */
export function clickedPlaces(pattern: ClickerPattern, question: KeyedQuestion): number[] {
  const n = question.answers.length;
  // How many options an answer takes: one choice, one word per blank, every chunk.
  const k = question.type === 'fillblank' ? question.correct.length : question.type === 'd&d' ? n : 1;
  const first = Array.from({ length: k }, (_, i) => i);
  if (pattern === 'first options') return first;
  if (pattern === 'first options, one swap')
    return k >= 2 ? [first[1]!, first[0]!, ...first.slice(2)] : [Math.min(1, n - 1)];
  // The second option, then the next ones (and the first last, for chunks to order).
  return k === 1 ? [Math.min(1, n - 1)] : Array.from({ length: k }, (_, i) => (i + 1) % n);
}

/** Whether a pattern's clicks answer the question right in the test whose id seeds the order. */
export function clickerIsRight(pattern: ClickerPattern, question: BankQuestion, testId: string): boolean {
  const order = displayOrder(testId, question);
  const bank = toBankIndexes(order, clickedPlaces(pattern, question));
  return bank !== null && isCorrectAnswer(question, bank);
}

import { keyInDisplayOrder, type KeyedQuestion } from '../questions/index.js';
import { hashString, seededRandom } from './irt/random.js';

/**
 * The order a placement question's options are shown in (issue 33). Drawn per test and question
 * from a seed (the test's id and the question's), so the server can work it out again for every
 * answer without storing it, and a reload or another device shows the same order. Without it the
 * bank could be read by position: a learner taking the options in the order shown was placed B1.
 *
 * True/false keeps True before False (the order learners read). Blanks and sentences to order are
 * never shown with their key as the options' first words in order: picking the options as they
 * come must not be the answer.
 */
export function displayOrder(testId: string, question: KeyedQuestion & { id: string }): number[] {
  const n = question.answers.length;
  const order = Array.from({ length: n }, (_, i) => i);
  if (question.type === 'tof') return order;
  const random = seededRandom(hashString(`${testId}:${question.id}:options`));
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // A rotation changes which option comes first; n rotations cover every start, and a key can
  // match at most the one order it is, so one rotation of a matching order is enough unless
  // other keys are accepted too.
  for (let turn = 0; turn < n && keyInDisplayOrder(question, order); turn++) order.push(order.shift()!);
  return order;
}

/** The identity order: tests begun before issue 33 (design 1) show the bank's order. */
export function bankOrder(question: { answers: readonly unknown[] }): number[] {
  return question.answers.map((_, i) => i);
}

/** The learner's picks (indices as shown) as indices of the bank's options; null when out of range. */
export function toBankIndexes(order: readonly number[], shown: readonly number[]): number[] | null {
  const out: number[] = [];
  for (const i of shown) {
    const original = order[i];
    if (original === undefined) return null;
    out.push(original);
  }
  return out;
}

/** Bank indices as shown: what the browser gets back with the answers saved so far. */
export function toShownIndexes(order: readonly number[], bank: readonly number[]): number[] {
  return bank.map((i) => order.indexOf(i));
}

import type { PlacementQuestion } from '@medenglish/shared';
import type { AttemptSlot } from '../../db/schema.js';

/**
 * The layout of an attempt (issue 12): which questions it asks, in which order, and each
 * question's options in which order. Drawn once when the attempt starts and stored with it, so a
 * reload or another device shows the same exam; two candidates side by side see different orders.
 * Pure: the randomness is passed in, so tests can pin it.
 */
export interface LayoutQuestion {
  id: string;
  type: string;
  answers: readonly { text: string }[];
  correct: readonly number[];
}

/** A random integer in [0, n). */
export type Random = (n: number) => number;

export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);
const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The options' order for one question. True/false keeps True before False (the convention
 * learners read); drag and drop is never shown already in the right order.
 */
function optionOrder(question: LayoutQuestion, shuffle: boolean, random: Random): number[] {
  const n = question.answers.length;
  if (question.type === 'tof') return identity(n);
  if (question.type === 'd&d') {
    let order = shuffle ? shuffled(identity(n), random) : identity(n);
    // Shown in this order, the learner's answer [0..n-1] would map to `order`: it must not be the key.
    if (same(order, question.correct)) order = [...order.slice(1), order[0]!];
    return order;
  }
  return shuffle ? shuffled(identity(n), random) : identity(n);
}

export function buildLayout(
  questions: readonly LayoutQuestion[],
  options: { shuffle: boolean; drawCount: number | null },
  random: Random,
): AttemptSlot[] {
  let chosen = [...questions];
  if (options.drawCount !== null && options.drawCount < chosen.length) {
    // A random subset, kept in pool order unless the order is shuffled too.
    const picked = new Set(shuffled(chosen, random).slice(0, options.drawCount));
    chosen = chosen.filter((q) => picked.has(q));
  }
  if (options.shuffle) chosen = shuffled(chosen, random);
  return chosen.map((q) => ({ question: q.id, options: optionOrder(q, options.shuffle, random) }));
}

/** The learner's picks (shown indexes) as indexes of the pool question; null when out of range. */
export function toPoolIndexes(slot: AttemptSlot, shown: readonly number[]): number[] | null {
  const out: number[] = [];
  for (const i of shown) {
    const original = slot.options[i];
    if (original === undefined) return null;
    out.push(original);
  }
  return out;
}

/** The question as this attempt shows it: its options in the slot's order, never its key. */
export function presentInSlot<Q extends Omit<PlacementQuestion, 'answers'>>(
  question: Q,
  answers: readonly { text: string }[],
  slot: AttemptSlot,
): Q & { answers: { text: string }[] } {
  return { ...question, answers: slot.options.map((i) => ({ text: answers[i]!.text })) };
}

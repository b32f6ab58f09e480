import { nextItem, PART_PLAN, PARTS, plannedTotal, type Answered, type Part } from './irt/adaptive.js';
import type { LoadedModel, QuestionRow } from './question-bank.js';

/** The answers that count: those to questions still in the bank, in the order given. */
export function answeredOf(
  model: LoadedModel,
  answers: readonly { questionId: string; isCorrect: boolean }[],
): Answered[] {
  return answers
    .filter((a) => model.byId.has(a.questionId))
    .map((a) => ({ id: a.questionId, correct: a.isCorrect }));
}

/**
 * The question the learner is asked next, chosen from the answers so far (irt/adaptive.ts); the
 * test's id seeds the random part of the choice, so the same answers always lead to the same
 * question: after a reload, on another device, and when the server checks an answer's order.
 */
export function nextQuestion(
  model: LoadedModel,
  testId: string,
  answered: readonly Answered[],
): QuestionRow | null {
  const item = nextItem(model.pool, answered, testId);
  return item ? model.byId.get(item.id)! : null;
}

export function totalQuestions(model: LoadedModel, answered: readonly Answered[]): number {
  return plannedTotal(model.pool, answered);
}

/** The most questions of each part: its plan's maximum, or its bank when smaller. */
export function partMaxima(model: LoadedModel): Record<Part, number> {
  const of = (part: Part) => Math.min(PART_PLAN[part].max, model.pool.filter((i) => i.part === part).length);
  return Object.fromEntries(PARTS.map((p) => [p, of(p)])) as Record<Part, number>;
}

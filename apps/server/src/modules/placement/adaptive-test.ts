import type { PlacementPartProgress } from '@medenglish/shared';
import {
  PART_PLAN,
  PARTS,
  partMax,
  plannedTotal,
  testState,
  type Answered,
  type Part,
} from './irt/adaptive.js';
import { nextQuestionOf, PRETEST_COUNT } from './irt/pretest.js';
import type { LoadedModel, QuestionRow } from './question-bank.js';

/**
 * A test's design (placement_tests.design): 1 for tests begun before issue 33, which finish as
 * they began (options in the bank's order, no pretest questions); 2 since.
 */
export type TestDesign = 1 | 2;
export const withPretest = (design: number) => design >= 2;

/** The answers that count: those to questions still in the bank, in the order given. */
export function answeredOf(
  model: LoadedModel,
  answers: readonly { questionId: string; isCorrect: boolean; pretest?: boolean }[],
): Answered[] {
  return answers
    .filter((a) => model.byId.has(a.questionId))
    .map((a) => ({ id: a.questionId, correct: a.isCorrect, pretest: a.pretest ?? false }));
}

/**
 * The question the learner is asked next, chosen from the answers so far (irt/adaptive.ts,
 * irt/pretest.ts); the test's id seeds the random part of the choice, so the same answers always
 * lead to the same question: after a reload, on another device, and when the server checks an
 * answer's order.
 */
export function nextQuestion(
  model: LoadedModel,
  test: { id: string; design: number },
  answered: readonly Answered[],
): { question: QuestionRow; pretest: boolean } | null {
  const next = nextQuestionOf(model.pool, answered, test.id, withPretest(test.design));
  return next ? { question: model.byId.get(next.item.id)!, pretest: next.pretest } : null;
}

/** The most questions the test can still have, pretest ones included (irt/adaptive.ts). */
export function totalQuestions(model: LoadedModel, design: number, answered: readonly Answered[]): number {
  return plannedTotal(model.pool, answered) + (withPretest(design) ? PRETEST_COUNT : 0);
}

const bankSize = (model: LoadedModel, part: Part) => model.pool.filter((i) => i.part === part).length;

/**
 * Where the learner is (issue 33): the part being taken, its questions answered and the most it
 * can have. That most is fixed while the part lasts: the knowledge part's is its plan's maximum
 * (and the pretest questions), reading's and listening's follow from the knowledge part, which
 * is over by then. A part may end before it; the counter then starts again in the next part and
 * never shows a total that drops.
 */
export function partProgress(
  model: LoadedModel,
  design: number,
  answered: readonly Answered[],
): PlacementPartProgress | null {
  const state = testState(model.pool, answered);
  const part = state.current;
  if (!part) return null;
  const partOf = new Map(model.pool.map((i) => [i.id, i.part]));
  const inPart = answered.filter((a) => partOf.get(a.id) === part).length;
  const knowledge = state.parts.find((p) => p.part === 'KN')!.answered;
  const most =
    part === 'KN'
      ? Math.min(PART_PLAN.KN.max, bankSize(model, 'KN')) + (withPretest(design) ? PRETEST_COUNT : 0)
      : Math.min(partMax(part, knowledge), bankSize(model, part));
  return { part, number: PARTS.indexOf(part) + 1, answered: inPart, total: Math.max(most, inPart + 1) };
}

/**
 * The most questions of each part: its plan's maximum, or its bank when smaller; the knowledge
 * part's with its pretest questions, as its counter shows them.
 */
export function partMaxima(model: LoadedModel, design: number): Record<Part, number> {
  const pretest = withPretest(design) ? PRETEST_COUNT : 0;
  const of = (part: Part) =>
    Math.min(PART_PLAN[part].max, bankSize(model, part)) + (part === 'KN' ? pretest : 0);
  return Object.fromEntries(PARTS.map((p) => [p, of(p)])) as Record<Part, number>;
}

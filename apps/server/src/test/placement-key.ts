import { nextQuestion } from '../modules/placement/adaptive-test.js';
import { displayOrder, toShownIndexes } from '../modules/placement/option-order.js';
import type { LoadedModel } from '../modules/placement/question-bank.js';

/**
 * The right answer to a new test's first question, as its learner's browser sends it: the key's
 * options at the places the test shows them (issue 33 shuffles them per test and question).
 */
export function firstPlacementAnswer(model: LoadedModel, testId: string) {
  const first = nextQuestion(model, { id: testId, design: 2 }, [])!.question;
  return { question: first.id, answerIndex: toShownIndexes(displayOrder(testId, first), first.correct) };
}

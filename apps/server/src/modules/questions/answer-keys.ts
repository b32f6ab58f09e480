import { countBlanks, isWellFormedAnswer, type QuestionType } from '@medenglish/shared';

/**
 * The server's half of the question engine (issue 11): the answer keys. A question's key
 * (`correct`) stays on the server — presenters leave it out and the response schemas would strip
 * it — and only these rules read it, for the placement test and the exams alike. The shape rules
 * shared with the browser are in packages/shared/src/rules/questions.ts.
 */
export interface KeyedQuestion {
  type: QuestionType;
  name: string;
  answers: readonly { text: string }[];
  correct: readonly number[];
  /**
   * Other answers English accepts as well: another word order of a drag and drop, another
   * choice of words for the blanks. Null or absent: only `correct`.
   */
  alsoCorrect?: readonly (readonly number[])[] | null;
}

/**
 * Right or wrong. For drag and drop the order is compared with the correct sentence (SPEC: "answer
 * index 0 right, 1 wrong" is the outcome, decided here rather than in the browser).
 */
export function isCorrectAnswer(question: KeyedQuestion, answerIndex: readonly number[]): boolean {
  const same = (key: readonly number[]) =>
    answerIndex.length === key.length && answerIndex.every((value, i) => value === key[i]);
  return (
    isWellFormedAnswer(question, answerIndex) &&
    (same(question.correct) || (question.alsoCorrect ?? []).some(same))
  );
}

/** Problems in a question's key, for validating a bank before it is loaded. */
export function keyProblems(question: KeyedQuestion): string[] {
  const problems: string[] = [];
  if (!isWellFormedAnswer(question, question.correct)) problems.push('key does not fit the question type');
  for (const key of question.alsoCorrect ?? [])
    if (!isWellFormedAnswer(question, key))
      problems.push('an alternative key does not fit the question type');
  if (question.type === 'tof' && question.answers.length !== 2) problems.push('true/false needs two answers');
  if (question.type === 'fillblank' && countBlanks(question.name) === 0)
    problems.push('no ___ blank in the prompt');
  return problems;
}

/**
 * Whether picking the options in the order shown answers the question (issue 33): the first
 * words of a blank's bank in blank order, or chunks to order already in order. `shown` lists the
 * question's option indices in display order (the bank's order when absent). A learner who
 * always takes the options as they come must not be right by it.
 */
export function keyInDisplayOrder(question: KeyedQuestion, shown?: readonly number[]): boolean {
  if (question.type !== 'fillblank' && question.type !== 'd&d') return false;
  const order = shown ?? question.answers.map((_, i) => i);
  const first = order.slice(0, question.correct.length);
  return [question.correct, ...(question.alsoCorrect ?? [])].some(
    (key) => key.length === first.length && key.every((v, i) => v === first[i]),
  );
}

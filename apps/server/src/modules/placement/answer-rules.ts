/**
 * Pure rules of placement answers (SPEC §5 "Placement test and quiz"), applied on the server:
 * the browser never knows which answer is right.
 */
export interface KeyedQuestion {
  type: 'mcq' | 'tof' | 'fillblank' | 'd&d';
  name: string;
  answers: readonly { text: string }[];
  correct: readonly number[];
}

/** Fill-in-the-blank prompts mark each blank with three underscores. */
export function countBlanks(prompt: string): number {
  return prompt.split('___').length - 1;
}

/**
 * Whether an answer has the shape its question allows, right or wrong: one option for mcq and
 * true/false; as many distinct picks as blanks for fill-in-the-blank; every chunk exactly once for
 * drag and drop.
 */
export function isWellFormedAnswer(question: KeyedQuestion, answerIndex: readonly number[]): boolean {
  const n = question.answers.length;
  const inRange = answerIndex.every((i) => Number.isInteger(i) && i >= 0 && i < n);
  const distinct = new Set(answerIndex).size === answerIndex.length;
  if (!inRange) return false;
  switch (question.type) {
    case 'mcq':
    case 'tof':
      return answerIndex.length === 1;
    case 'fillblank':
      return distinct && answerIndex.length === countBlanks(question.name);
    case 'd&d':
      return distinct && answerIndex.length === n;
  }
}

/**
 * Right or wrong. For drag and drop the order is compared with the correct sentence (SPEC: "answer
 * index 0 right, 1 wrong" is the outcome, decided here rather than in the browser).
 */
export function isCorrectAnswer(question: KeyedQuestion, answerIndex: readonly number[]): boolean {
  return (
    isWellFormedAnswer(question, answerIndex) &&
    answerIndex.length === question.correct.length &&
    answerIndex.every((value, i) => value === question.correct[i])
  );
}

/** Problems in a question's key, for validating a bank before it is loaded. */
export function keyProblems(question: KeyedQuestion): string[] {
  const problems: string[] = [];
  if (!isWellFormedAnswer(question, question.correct)) problems.push('key does not fit the question type');
  if (question.type === 'tof' && question.answers.length !== 2) problems.push('true/false needs two answers');
  if (question.type === 'fillblank' && countBlanks(question.name) === 0)
    problems.push('no ___ blank in the prompt');
  return problems;
}

/**
 * The question engine's shared rules (issue 11): the four question types of SPEC §3/§4 and the
 * shape an answer must have, the same for the placement test and the exams, in the browser (to
 * enable Submit) and on the server (to refuse a malformed answer). Whether an answer is right is
 * the server's alone (apps/server/src/modules/questions): keys never reach the browser.
 */
export const QUESTION_TYPES = ['mcq', 'tof', 'fillblank', 'd&d'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const isQuestionType = (type: string): type is QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(type);

/** Fill-in-the-blank prompts write each blank as three underscores. */
export const BLANK = '___';

/** The prompt's text around its blanks: n blanks give n + 1 pieces. */
export function splitAtBlanks(prompt: string): string[] {
  return prompt.split(BLANK);
}

export function countBlanks(prompt: string): number {
  return splitAtBlanks(prompt).length - 1;
}

/** What the rules need of a question: its type, its prompt and how many options it offers. */
export interface AnswerableQuestion {
  type: string;
  name: string;
  answers: readonly unknown[];
}

/**
 * Whether an answer (option indices) has the shape its question allows, right or wrong: one option
 * for multiple choice and true/false; one distinct word per blank for fill in the blank; every
 * chunk exactly once for drag and drop.
 */
export function isWellFormedAnswer(question: AnswerableQuestion, answerIndex: readonly number[]): boolean {
  const n = question.answers.length;
  if (!answerIndex.every((i) => Number.isInteger(i) && i >= 0 && i < n)) return false;
  const distinct = new Set(answerIndex).size === answerIndex.length;
  switch (question.type) {
    case 'mcq':
    case 'tof':
      return answerIndex.length === 1;
    case 'fillblank':
      return distinct && answerIndex.length === countBlanks(question.name);
    case 'd&d':
      return distinct && answerIndex.length === n;
    default:
      return false;
  }
}

/**
 * One question at a time, no going back (SPEC §4): where a submitted answer stands against the
 * order the questions are asked in and how many are answered already. 'next' is the only new
 * answer a one-by-one test accepts; 'answered' is a question already behind the learner (sent
 * again, or an attempt to change it); 'ahead' is one not reached yet.
 */
export function answerPosition(
  order: readonly string[],
  answeredCount: number,
  questionId: string,
): 'next' | 'answered' | 'ahead' | 'unknown' {
  const index = order.indexOf(questionId);
  if (index < 0) return 'unknown';
  if (index < answeredCount) return 'answered';
  return index === answeredCount ? 'next' : 'ahead';
}

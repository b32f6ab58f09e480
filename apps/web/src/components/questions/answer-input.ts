import {
  isWellFormedAnswer,
  type AnswerInput,
  type AnswerRecord,
  type PlacementQuestion,
} from '@medenglish/shared';

/**
 * SPEC §5 "submit disabled until an answer exists". `selection` is the answerIndex being built:
 * one option (mcq, true/false); one word per blank, in blank order (fill in the blank); every chunk
 * in the learner's order (drag and drop, null until the learner has moved a chunk).
 */
export function isAnswerComplete(question: PlacementQuestion, selection: readonly number[] | null): boolean {
  return selection !== null && isWellFormedAnswer(question, selection);
}

/**
 * The answer sent for a question. For fill in the blank, fakeIndex carries the indices of the
 * words of the bank the learner left unpicked: that is our reading of the spec's "fakeIndex
 * (fill-in-the-blank)", which it does not define further; the server stores it as given.
 */
export function toAnswerInput(question: PlacementQuestion, selection: readonly number[]): AnswerInput {
  const answerIndex = [...selection];
  if (question.type !== 'fillblank') return { question: question._id, answerIndex };
  const fakeIndex = question.answers.map((_, i) => i).filter((i) => !selection.includes(i));
  return { question: question._id, answerIndex, fakeIndex };
}

/** A saved answer, sent again with the next one (the server ignores identical re-sends). */
export function recordToInput(record: AnswerRecord): AnswerInput {
  return record.fakeIndex
    ? { question: record.question, answerIndex: record.answerIndex, fakeIndex: record.fakeIndex }
    : { question: record.question, answerIndex: record.answerIndex };
}

/**
 * SPEC §4: the test resumes "at the count of already answered questions" (questions come in order
 * and are never skipped). Should an answered question sit at that index all the same, the first
 * unanswered one is taken rather than asking it twice.
 */
export function resumeIndex(
  questions: readonly PlacementQuestion[],
  answers: readonly AnswerRecord[],
): number {
  const answered = new Set(answers.map((a) => a.question));
  const count = Math.min(answers.length, questions.length);
  if (count < questions.length && !answered.has(questions[count]!._id)) return count;
  const firstOpen = questions.findIndex((q) => !answered.has(q._id));
  return firstOpen === -1 ? questions.length : firstOpen;
}

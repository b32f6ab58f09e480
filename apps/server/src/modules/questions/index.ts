/** The question engine, for the placement test and the exams (modules import it through here). */
export { isCorrectAnswer, keyInDisplayOrder, keyProblems, type KeyedQuestion } from './answer-keys.js';
export { questionContent } from './content.schema.js';

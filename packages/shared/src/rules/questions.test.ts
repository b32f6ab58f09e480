import { describe, expect, it } from 'vitest';
import {
  answerPosition,
  countBlanks,
  isQuestionType,
  isWellFormedAnswer,
  splitAtBlanks,
} from './questions.js';

const mcq = { type: 'mcq', name: 'Which organ filters blood?', answers: ['Liver', 'Kidney', 'Lung'] };
const blanks = {
  type: 'fillblank',
  name: 'The ___ pumps blood through the ___.',
  answers: ['heart', 'body', 'skin'],
};
const order = { type: 'd&d', name: 'Put in order', answers: ['a', 'b', 'c'] };

describe('question rules', () => {
  it('knows the four types and counts blanks', () => {
    expect(isQuestionType('tof')).toBe(true);
    expect(isQuestionType('essay')).toBe(false);
    expect(countBlanks(blanks.name)).toBe(2);
    expect(splitAtBlanks(blanks.name)).toEqual(['The ', ' pumps blood through the ', '.']);
  });

  it('accepts only answers of the shape the type allows', () => {
    expect(isWellFormedAnswer(mcq, [1])).toBe(true);
    expect(isWellFormedAnswer(mcq, [1, 2])).toBe(false);
    expect(isWellFormedAnswer(mcq, [3])).toBe(false);
    expect(isWellFormedAnswer(mcq, [0.5])).toBe(false);
    expect(isWellFormedAnswer(blanks, [0, 1])).toBe(true);
    expect(isWellFormedAnswer(blanks, [0, 0])).toBe(false);
    expect(isWellFormedAnswer(blanks, [0])).toBe(false);
    expect(isWellFormedAnswer(order, [2, 0, 1])).toBe(true);
    expect(isWellFormedAnswer(order, [2, 0])).toBe(false);
    expect(isWellFormedAnswer({ ...mcq, type: 'essay' }, [0])).toBe(false);
  });

  it('places an answer against the order: the next one, one behind, one ahead', () => {
    const ids = ['q1', 'q2', 'q3'];
    expect(answerPosition(ids, 0, 'q1')).toBe('next');
    expect(answerPosition(ids, 1, 'q1')).toBe('answered');
    expect(answerPosition(ids, 1, 'q3')).toBe('ahead');
    expect(answerPosition(ids, 1, 'q9')).toBe('unknown');
  });
});

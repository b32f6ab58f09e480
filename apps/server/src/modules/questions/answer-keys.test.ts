import { describe, expect, it } from 'vitest';
import { countBlanks, isWellFormedAnswer } from '@medenglish/shared';
import { isCorrectAnswer, keyProblems, type KeyedQuestion } from './answer-keys.js';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `option ${i}` }));
const mcq: KeyedQuestion = { type: 'mcq', name: 'Where is the spleen?', answers: options(4), correct: [2] };
const tof: KeyedQuestion = {
  type: 'tof',
  name: 'The patient is afebrile.',
  answers: options(2),
  correct: [1],
};
const fill: KeyedQuestion = {
  type: 'fillblank',
  name: 'Take two tablets ___ a day ___ meals.',
  answers: [{ text: 'twice' }, { text: 'after' }, { text: 'during' }, { text: 'since' }],
  correct: [0, 1],
};
const dnd: KeyedQuestion = {
  type: 'd&d',
  name: 'Put the words in order.',
  answers: [{ text: 'does' }, { text: 'Where' }, { text: 'it hurt?' }],
  correct: [1, 0, 2],
};

describe('placement answers, checked on the server', () => {
  it('counts blanks marked ___', () => {
    expect(countBlanks(fill.name)).toBe(2);
    expect(countBlanks('no blank')).toBe(0);
  });

  it('accepts one option for mcq and true/false, in range', () => {
    expect(isWellFormedAnswer(mcq, [3])).toBe(true);
    expect(isWellFormedAnswer(mcq, [4])).toBe(false);
    expect(isWellFormedAnswer(mcq, [0, 1])).toBe(false);
    expect(isWellFormedAnswer(tof, [2])).toBe(false);
    expect(isCorrectAnswer(mcq, [2])).toBe(true);
    expect(isCorrectAnswer(mcq, [1])).toBe(false);
    expect(isCorrectAnswer(tof, [1])).toBe(true);
  });

  it('takes as many distinct picks as blanks, in blank order', () => {
    expect(isWellFormedAnswer(fill, [0])).toBe(false);
    expect(isWellFormedAnswer(fill, [0, 0])).toBe(false);
    expect(isWellFormedAnswer(fill, [0, 1, 2])).toBe(false);
    expect(isCorrectAnswer(fill, [0, 1])).toBe(true);
    expect(isCorrectAnswer(fill, [1, 0])).toBe(false);
  });

  it('compares the drag-and-drop order with the correct sentence', () => {
    expect(isCorrectAnswer(dnd, [1, 0, 2])).toBe(true);
    expect(isCorrectAnswer(dnd, [0, 1, 2])).toBe(false);
    expect(isWellFormedAnswer(dnd, [1, 0])).toBe(false);
    expect(isWellFormedAnswer(dnd, [1, 1, 2])).toBe(false);
  });

  it('finds keys that do not fit their question', () => {
    expect(keyProblems(mcq)).toEqual([]);
    expect(keyProblems({ ...mcq, correct: [7] })).not.toEqual([]);
    expect(keyProblems({ ...fill, correct: [0] })).not.toEqual([]);
    expect(keyProblems({ ...dnd, correct: [0, 1] })).not.toEqual([]);
    expect(keyProblems({ ...tof, answers: options(3) })).not.toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { countBlanks } from '@medenglish/shared';
import { isAnswerComplete, recordToInput, resumeIndex, toAnswerInput } from './answer-input';
import { fillblank, mcq, ordering, tof } from './test-fixtures';

const record = (question: string, answerIndex: number[]) => ({
  question,
  answerIndex,
  fakeIndex: null,
  created_at: '2026-01-10T10:00:00.000Z',
});

describe('placement answers (SPEC §5 "submit disabled until an answer exists")', () => {
  it('needs one option for mcq and true/false', () => {
    expect(isAnswerComplete(mcq, null)).toBe(false);
    expect(isAnswerComplete(mcq, [2])).toBe(true);
    expect(isAnswerComplete(tof, [1])).toBe(true);
  });

  it('needs as many distinct words as blanks for fill in the blank', () => {
    expect(countBlanks(fillblank.name)).toBe(2);
    expect(isAnswerComplete(fillblank, [1])).toBe(false);
    expect(isAnswerComplete(fillblank, [1, 2])).toBe(true);
    expect(isAnswerComplete(fillblank, [1, 1])).toBe(false);
  });

  it('needs every chunk, once, for drag and drop', () => {
    expect(isAnswerComplete(ordering, null)).toBe(false);
    expect(isAnswerComplete(ordering, [1, 2, 0])).toBe(true);
    expect(isAnswerComplete(ordering, [1, 2])).toBe(false);
  });

  it('sends the unpicked words of a fill in the blank as fakeIndex', () => {
    expect(toAnswerInput(fillblank, [1, 2])).toEqual({
      question: fillblank._id,
      answerIndex: [1, 2],
      fakeIndex: [0, 3],
    });
    expect(toAnswerInput(mcq, [0])).toEqual({ question: mcq._id, answerIndex: [0] });
  });

  it('sends saved answers again as they were saved', () => {
    expect(recordToInput(record(mcq._id, [0]))).toEqual({ question: mcq._id, answerIndex: [0] });
    expect(recordToInput({ ...record(fillblank._id, [1, 2]), fakeIndex: [0, 3] })).toEqual({
      question: fillblank._id,
      answerIndex: [1, 2],
      fakeIndex: [0, 3],
    });
  });

  it('resumes at the count of answered questions (SPEC §4)', () => {
    const questions = [mcq, tof, fillblank, ordering];
    expect(resumeIndex(questions, [])).toBe(0);
    expect(resumeIndex(questions, [record(mcq._id, [0]), record(tof._id, [1])])).toBe(2);
    // Never asks an answered question again.
    expect(resumeIndex(questions, [record(tof._id, [1])])).toBe(0);
    expect(resumeIndex(questions, [record(mcq._id, [0]), record(fillblank._id, [0, 1])])).toBe(1);
    expect(
      resumeIndex(
        questions,
        questions.map((q) => record(q._id, [0])),
      ),
    ).toBe(4);
  });
});

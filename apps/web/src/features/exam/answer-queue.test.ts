import { describe, expect, it } from 'vitest';
import { readQueue, reconcileQueue, writeQueue } from './answer-queue';

const answer = (position: number) => ({ position, question: `q${position}`, answerIndex: [0] });

describe('the exam answer queue (issue 12)', () => {
  it('drops what the server acknowledged and keeps the rest in order', () => {
    expect(reconcileQueue([answer(3), answer(4), answer(5)], 4)).toEqual([answer(4), answer(5)]);
    expect(reconcileQueue([answer(5), answer(4)], 4)).toEqual([answer(4), answer(5)]);
    expect(reconcileQueue([answer(3)], 4)).toEqual([]);
  });

  it('drops answers overtaken elsewhere (a gap with what the server has)', () => {
    expect(reconcileQueue([answer(6), answer(7)], 4)).toEqual([]);
  });

  it('survives a reload through local storage', () => {
    writeQueue('t1', { answers: [answer(0)], warned: true });
    expect(readQueue('t1')).toEqual({ answers: [answer(0)], warned: true });
    expect(readQueue('unknown')).toEqual({ answers: [], warned: false });
    localStorage.setItem('medenglish.examQueue.bad', '{not json');
    expect(readQueue('bad')).toEqual({ answers: [], warned: false });
  });
});

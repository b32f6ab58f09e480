import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ExamAttempt } from '@medenglish/shared';
import { ToastProvider } from '../../components/toast';
import { LEARNER_ID, signIn } from '../../test/learner';
import { stubApi } from '../../test/stub-api';
import { useExamSession } from './use-exam-session';

const TEST_ID = '00000000-0000-4000-8000-0000000000e1';
const GROUP = '00000000-0000-4000-8000-0000000000a3';
const START = Date.parse('2026-12-01T09:00:00.000Z');

const question = (i: number) => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Question ${i}`,
  type: 'mcq' as const,
  category: 'KN' as const,
  level: 'B1',
  subcategory: 'vocabulary',
  answers: [{ text: 'a' }, { text: 'b' }],
  media: null,
  passage: null,
  passageId: null,
});

function attempt(): ExamAttempt {
  return {
    testId: TEST_ID,
    poolId: 'pool',
    groupId: GROUP,
    startedAt: new Date(START).toISOString(),
    deadline: new Date(START + 90 * 60_000).toISOString(),
    serverNow: new Date(START).toISOString(),
    remainingMs: 90 * 60_000,
    answered: 0,
    total: 10,
    finishedAt: null,
    finishedBy: null,
    examScores: null,
    name: 'Exam',
    durationMinutes: 90,
    extraMinutes: 0,
    descriptionKN: '',
    descriptionRC: '',
    descriptionOC: '',
    questions: Array.from({ length: 10 }, (_, i) => question(i)),
    passages: [],
    answers: [],
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;

describe('useExamSession (issue 12)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('syncs the timer every 15 s even while the learner answers faster than that, and sends answers in order', async () => {
    let answered = 0;
    const api = stubApi({
      [`PUT /examtype1/${TEST_ID}`]: (call: { body: unknown }) => {
        const body = call.body as { answers: { position: number }[] };
        answered = Math.max(answered, ...body.answers.map((a) => a.position + 1));
        return { ...attempt(), answered, serverNow: new Date(Date.now()).toISOString() };
      },
      [`PUT /examtype1/data/${TEST_ID}`]: () => ({
        ...attempt(),
        answered,
        serverNow: new Date(Date.now()).toISOString(),
        remainingMs: START + 90 * 60_000 - Date.now(),
      }),
    });
    const { result } = renderHook(() => useExamSession(attempt(), LEARNER_ID), { wrapper });
    // An answer every 10 s for a minute.
    for (let i = 0; i < 6; i += 1) {
      await act(async () => {
        result.current.answer([i % 2]);
        await vi.advanceTimersByTimeAsync(10_000);
      });
    }
    expect(api.callsTo('PUT', `/examtype1/data/${TEST_ID}`).length).toBeGreaterThanOrEqual(3);
    const sent = api
      .callsTo('PUT', `/examtype1/${TEST_ID}`)
      .flatMap((c) => (c.body as { answers: { position: number }[] }).answers);
    expect([...new Set(sent.map((a) => a.position))]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.current.position).toBe(6);
    expect(result.current.pending).toBe(0);
  });

  it('keeps answers given offline on the device and sends them when the network returns', async () => {
    let online = false;
    const api = stubApi({
      [`PUT /examtype1/${TEST_ID}`]: (call: { body: unknown }) => {
        if (!online) throw new TypeError('network down');
        const body = call.body as { answers: { position: number }[] };
        return { ...attempt(), answered: Math.max(...body.answers.map((a) => a.position + 1)) };
      },
    });
    const { result } = renderHook(() => useExamSession(attempt(), LEARNER_ID), { wrapper });
    await act(async () => {
      result.current.answer([1]);
      result.current.answer([0]);
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(result.current.connection).toBe('offline');
    expect(result.current.pending).toBe(2);
    expect(JSON.parse(localStorage.getItem(`medenglish.examQueue.${TEST_ID}`)!).answers).toHaveLength(2);
    online = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(result.current.pending).toBe(0);
    expect(result.current.connection).toBe('restored');
    expect(api.callsTo('PUT', `/examtype1/${TEST_ID}`).at(-1)!.body).toMatchObject({
      answers: [
        { position: 0, answerIndex: [1] },
        { position: 1, answerIndex: [0] },
      ],
    });
  });
});

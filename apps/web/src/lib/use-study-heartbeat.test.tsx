import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeClock } from '../test/fake-clock';
import { LEARNER_ID, signIn } from '../test/learner';
import { stubApi } from '../test/stub-api';
import { setCurrentUnit } from './current-unit';
import { useStudyHeartbeat, type StudyHeartbeatTarget } from './use-study-heartbeat';

const GROUP_A = '00000000-0000-4000-8000-0000000000a3';
const GROUP_B = '00000000-0000-4000-8000-0000000000a1';

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

function setup(target: Partial<StudyHeartbeatTarget> = {}) {
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  signIn();
  const api = stubApi({ [`PUT /unittrackers/timer/${LEARNER_ID}`]: { credited: 30, seconds: 30 } });
  const { clock, advance: advanceClock } = fakeClock();
  const advance = (ms: number) => act(() => advanceClock(ms));
  const props: StudyHeartbeatTarget = { userId: LEARNER_ID, groupId: GROUP_A, enabled: true, ...target };
  const hook = renderHook((p: StudyHeartbeatTarget) => useStudyHeartbeat(p, clock), { initialProps: props });
  const beats = () => api.callsTo('PUT', `/unittrackers/timer/${LEARNER_ID}`);
  return { ...hook, advance, beats, props };
}

afterEach(() => {
  visibility = 'visible';
});

describe('useStudyHeartbeat (mounted in the shell)', () => {
  it('sends PUT /unittrackers/timer/{userId} {time, group, unit: null} every 30 s', async () => {
    const { advance, beats, rerender, props } = setup();
    advance(30_000);
    await waitFor(() => expect(beats()).toHaveLength(1));
    expect(beats()[0]).toMatchObject({ body: { time: 30, unit: null, group: GROUP_A }, keepalive: false });

    // Switching groups in the header credits the new group from the next beat.
    rerender({ ...props, groupId: GROUP_B });
    window.dispatchEvent(new Event('pointerdown'));
    advance(30_000);
    await waitFor(() => expect(beats()).toHaveLength(2));
    expect(beats()[1]!.body).toEqual({ time: 30, unit: null, group: GROUP_B });
  });

  it('sends the pending seconds with keepalive when the tab is hidden, and nothing while hidden', async () => {
    const { advance, beats } = setup();
    advance(12_000);
    setVisibility('hidden');
    await waitFor(() => expect(beats()).toHaveLength(1));
    expect(beats()[0]).toMatchObject({ body: { time: 12 }, keepalive: true });
    advance(10 * 60_000);
    expect(beats()).toHaveLength(1);
  });

  it('stops after 5 minutes without input events', async () => {
    const { advance, beats } = setup();
    advance(30 * 60_000);
    await waitFor(() => expect(beats()).toHaveLength(10));
    expect(beats().reduce((sum, b) => sum + (b.body as { time: number }).time, 0)).toBe(300);
  });

  it('keeps counting while the focus is inside an e-learning unit frame', async () => {
    const frame = document.body.appendChild(document.createElement('iframe'));
    try {
      const { advance, beats } = setup();
      frame.focus();
      expect(document.activeElement).toBe(frame);
      advance(20 * 60_000);
      await waitFor(() => expect(beats()).toHaveLength(40));
      expect(beats().reduce((sum, b) => sum + (b.body as { time: number }).time, 0)).toBe(20 * 60);
    } finally {
      frame.remove();
    }
  });

  it('credits the unit open on screen, and the seconds before a switch to the unit they were spent in', async () => {
    const UNIT = '00000000-0000-4000-8000-0000000000f1';
    const { advance, beats } = setup();
    try {
      advance(10_000);
      act(() => setCurrentUnit(UNIT));
      // The 10 s before the unit opened are nobody's unit; the next beat is the unit's.
      await waitFor(() => expect(beats()).toHaveLength(1));
      expect(beats()[0]!.body).toEqual({ time: 10, unit: null, group: GROUP_A });
      advance(30_000);
      await waitFor(() => expect(beats()).toHaveLength(2));
      expect(beats()[1]!.body).toEqual({ time: 30, unit: UNIT, group: GROUP_A });

      // Closing the frame: what was counted in the unit goes to it, then no unit again.
      advance(5_000);
      act(() => setCurrentUnit(null));
      await waitFor(() => expect(beats()).toHaveLength(3));
      expect(beats()[2]!.body).toEqual({ time: 5, unit: UNIT, group: GROUP_A });
      advance(30_000);
      await waitFor(() => expect(beats()).toHaveLength(4));
      expect(beats()[3]!.body).toEqual({ time: 30, unit: null, group: GROUP_A });
    } finally {
      setCurrentUnit(null);
    }
  });

  it('does not beat where time is not study time (the placement test)', () => {
    const { advance, beats } = setup({ enabled: false });
    advance(5 * 60_000);
    expect(beats()).toHaveLength(0);
  });
});

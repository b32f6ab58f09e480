import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { getCurrentUnit, setCurrentUnit, subscribeCurrentUnit, useDeclareCurrentUnit } from './current-unit';

const UNIT_A = '00000000-0000-4000-8000-0000000000f1';
const UNIT_B = '00000000-0000-4000-8000-0000000000f2';

describe('the unit open on screen (credited by the study heartbeat)', () => {
  it('is declared while the page showing it is mounted, and follows the unit shown', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribeCurrentUnit(() => seen.push(getCurrentUnit()));
    const { rerender, unmount } = renderHook((unit: string | null) => useDeclareCurrentUnit(unit), {
      initialProps: UNIT_A,
    });
    expect(getCurrentUnit()).toBe(UNIT_A);
    rerender(UNIT_B);
    expect(getCurrentUnit()).toBe(UNIT_B);
    unmount();
    expect(getCurrentUnit()).toBeNull();
    expect(seen).toEqual([UNIT_A, null, UNIT_B, null]);
    unsubscribe();
  });

  it('tells the listeners only of real changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCurrentUnit(listener);
    setCurrentUnit(null);
    expect(listener).not.toHaveBeenCalled();
    setCurrentUnit(UNIT_A);
    setCurrentUnit(UNIT_A);
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    setCurrentUnit(null);
    expect(listener).toHaveBeenCalledOnce();
  });
});

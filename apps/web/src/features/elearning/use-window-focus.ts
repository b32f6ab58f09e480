import { useEffect, useRef } from 'react';

/**
 * Runs `callback` when the window gets the focus back while `enabled` — typically when the learner
 * leaves a unit's frame (the frame's window had the focus) or comes back to the tab.
 */
export function useOnWindowFocus(callback: () => void, enabled: boolean): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(() => {
    if (!enabled) return;
    const onFocus = () => latest.current();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [enabled]);
}

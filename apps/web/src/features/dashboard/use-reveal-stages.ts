import { startTransition, useEffect, useState } from 'react';

/**
 * Draws a screen in stages: 0 at first, then one more after each stage is committed, up to `last`.
 * Each stage is its own interruptible render and its own (smaller) commit, in a task of its own, so
 * the browser paints the first cards before drawing the next: drawing every dashboard card in one
 * commit was a quarter-second task on a mid-range phone (issue 10, Lighthouse).
 */
export function useRevealStages(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    const timer = setTimeout(() => startTransition(() => setStage((s) => s + 1)), 0);
    return () => clearTimeout(timer);
  }, [stage, last]);
  return stage;
}

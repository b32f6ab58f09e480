import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a piece of content covers the whole screen as a modal (the e-learning unit on a phone,
 * or expanded): the shell then makes its header, menu and footer inert, so that neither the
 * keyboard, nor a screen reader, nor a pointer reaches what is hidden behind it.
 */
let covering = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsContentCovering(): boolean {
  return useSyncExternalStore(subscribe, () => covering > 0);
}

/** Declares, while `active` and mounted, that the caller covers the screen. */
export function useCoverScreen(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    covering += 1;
    notify();
    return () => {
      covering -= 1;
      notify();
    };
  }, [active]);
}

import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * The group chosen in the header selector, kept in localStorage (so every tab and the next visit
 * agree) and observable by any component through useCurrentGroupId().
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.currentGroup || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setCurrentGroupId(id: string): void {
  writeStorage(storageKeys.currentGroup, id);
  for (const listener of listeners) listener();
}

export function useStoredGroupId(): string | null {
  // On the server (src/ssr: the dashboard's first cards) no group is chosen: the default one, as the
  // server's own pick of the dashboard's reads.
  return useSyncExternalStore(
    subscribe,
    () => readStorage(storageKeys.currentGroup),
    () => null,
  );
}

// The pick is a shared rule: the server makes the same one to answer the dashboard into its page.
export { pickCurrentGroup } from '@medenglish/shared';

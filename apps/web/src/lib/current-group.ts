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
  return useSyncExternalStore(subscribe, () => readStorage(storageKeys.currentGroup));
}

interface GroupLike {
  _id: string;
  semester: number | null;
}

/**
 * The group to show: the stored choice while it is still one of the user's groups, else the group
 * of the user's own semester, else the first (most recent) one.
 */
export function pickCurrentGroup<G extends GroupLike>(
  groups: readonly G[],
  storedId: string | null,
  semester: number | null | undefined,
): G | undefined {
  return (
    groups.find((g) => g._id === storedId) ??
    groups.find((g) => semester != null && g.semester === semester) ??
    groups[0]
  );
}

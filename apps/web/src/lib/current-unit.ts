import { useEffect } from 'react';

/**
 * The e-learning unit open on screen, if any: the page showing a unit's frame declares it, and the
 * study heartbeat (use-study-heartbeat.ts) credits the time to it instead of to no unit.
 */
let currentUnit: string | null = null;
const listeners = new Set<() => void>();

export function getCurrentUnit(): string | null {
  return currentUnit;
}

export function setCurrentUnit(unitId: string | null): void {
  if (unitId === currentUnit) return;
  currentUnit = unitId;
  for (const listener of listeners) listener();
}

/** `listener` runs after each change of the open unit. */
export function subscribeCurrentUnit(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Declares `unitId` open while the calling component is mounted (null: none). */
export function useDeclareCurrentUnit(unitId: string | null): void {
  useEffect(() => {
    setCurrentUnit(unitId);
    return () => setCurrentUnit(null);
  }, [unitId]);
}

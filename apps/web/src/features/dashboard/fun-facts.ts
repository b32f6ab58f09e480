import type { FunFact } from '@medenglish/shared';

/** A fact of the list other than `currentId` (any fact when none is shown), picked by `random` (0 ≤ r < 1). */
export function pickFact(
  facts: readonly FunFact[],
  currentId: string | undefined,
  random: number,
): FunFact | undefined {
  const others = facts.filter((f) => f._id !== currentId);
  if (others.length === 0) return undefined;
  return others[Math.min(others.length - 1, Math.floor(Math.max(0, random) * others.length))];
}

/** SPEC §5: the 23 needs offered by the needs analysis, in the spec's order. */
export const NEEDS = [
  'art',
  'economy',
  'education',
  'emails',
  'environment',
  'finance',
  'it',
  'engineering',
  'legal',
  'logistics',
  'marketing',
  'negotiations',
  'news',
  'politics',
  'presentations',
  'production',
  'quality',
  'meetings',
  'hr',
  'sport',
  'telephoning',
  'sales',
  'travelling',
] as const;

export type Need = (typeof NEEDS)[number];

/** SPEC §3: needs are stored as a map of the selected needs set to true. */
export function needsToMap(selected: readonly Need[]): Partial<Record<Need, true>> {
  return Object.fromEntries(selected.map((n) => [n, true])) as Partial<Record<Need, true>>;
}

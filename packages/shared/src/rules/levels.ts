/**
 * SPEC §9 levels by placement score (0–10): below 1 A0; 1 to under 3 A1; 3 to under 5 A2; 5 to
 * under 7 B1; 7 to under 8 B2; 8 to under 9 C1; 9 and above C2, with decimal sub-levels.
 */
export const CEFR_BANDS = [
  { band: 'A0', from: 0, to: 1 },
  { band: 'A1', from: 1, to: 3 },
  { band: 'A2', from: 3, to: 5 },
  { band: 'B1', from: 5, to: 7 },
  { band: 'B2', from: 7, to: 8 },
  { band: 'C1', from: 8, to: 9 },
  { band: 'C2', from: 9, to: 10 },
] as const;

export type CefrBand = (typeof CEFR_BANDS)[number]['band'];

export interface Level {
  band: CefrBand;
  /** Tenths of the way through the band, 0 to 9: B1.4 is 40 % of the way from 5 to 7. */
  sub: number;
  /** e.g. 'B1.4'. */
  label: string;
}

/** Scores are kept to two decimals so that 6.999999 from a division does not become B1.9. */
function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(10, Math.max(0, Math.round(score * 100) / 100));
}

export function levelFromScore(rawScore: number): Level {
  const score = clampScore(rawScore);
  const found = CEFR_BANDS.find((b) => score < b.to) ?? CEFR_BANDS[CEFR_BANDS.length - 1]!;
  const fraction = (score - found.from) / (found.to - found.from);
  // A perfect 10 is the top of C2 (C2.9), not a band of its own.
  const sub = Math.min(9, Math.floor(fraction * 10 + 1e-9));
  return { band: found.band, sub, label: `${found.band}.${sub}` };
}

/**
 * SPEC §9 group level: 1 for A or under B1.5, otherwise 2. B1.5 starts at 6.0 (half-way
 * through B1, from 5 to 7).
 */
export function groupLevelFromScore(rawScore: number): 1 | 2 {
  const level = levelFromScore(rawScore);
  if (level.band.startsWith('A')) return 1;
  if (level.band === 'B1' && level.sub < 5) return 1;
  return 2;
}

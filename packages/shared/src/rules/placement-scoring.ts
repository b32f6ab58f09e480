/**
 * How a placement test is scored (SPEC §9: scores scoreKN, scoreRC, scoreOC and total on 0–10).
 *
 * Method: each part's score is the share of its questions answered right, weighted by question
 * level (A1 = 1 … C2 = 6), times 10. Weighting means a learner who gets the C1 items right scores
 * higher than one who gets the same number of A1 items right, so the score places people on the
 * CEFR scale rather than merely counting. An unanswered question counts as wrong. The total is the
 * mean of the three parts: knowledge, reading and listening count equally, whatever the number of
 * questions in each. Scores are rounded to two decimals.
 */
export const QUESTION_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type QuestionLevel = (typeof QUESTION_LEVELS)[number];
export const PLACEMENT_CATEGORIES = ['KN', 'RC', 'OC'] as const;
export type PlacementCategory = (typeof PLACEMENT_CATEGORIES)[number];

export const LEVEL_WEIGHT: Record<QuestionLevel, number> = { A1: 1, A2: 2, B1: 3, B2: 4, C1: 5, C2: 6 };

export interface ScoredItem {
  category: PlacementCategory;
  level: QuestionLevel;
  /** true right, false wrong, null not answered. */
  correct: boolean | null;
}

export interface PlacementScores {
  scoreKN: number;
  scoreRC: number;
  scoreOC: number;
  total: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function partScore(items: readonly ScoredItem[]): number {
  const possible = items.reduce((sum, i) => sum + LEVEL_WEIGHT[i.level], 0);
  if (possible === 0) return 0;
  const earned = items.reduce((sum, i) => sum + (i.correct ? LEVEL_WEIGHT[i.level] : 0), 0);
  return round2((earned / possible) * 10);
}

export function scorePlacement(items: readonly ScoredItem[]): PlacementScores {
  const [scoreKN, scoreRC, scoreOC] = PLACEMENT_CATEGORIES.map((c) =>
    partScore(items.filter((i) => i.category === c)),
  ) as [number, number, number];
  return { scoreKN, scoreRC, scoreOC, total: round2((scoreKN + scoreRC + scoreOC) / 3) };
}

/**
 * The placement test's parts, question levels and scores (SPEC §9: scoreKN, scoreRC, scoreOC and
 * total on 0–10). How answers become scores is the server's: item response theory on one
 * ability scale aligned to the CEFR (apps/server/src/modules/placement/irt, issue 17), mapped
 * onto 0–10 so that levelFromScore (levels.ts) gives the level of the ability.
 */
export const QUESTION_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type QuestionLevel = (typeof QUESTION_LEVELS)[number];
export const PLACEMENT_CATEGORIES = ['KN', 'RC', 'OC'] as const;
export type PlacementCategory = (typeof PLACEMENT_CATEGORIES)[number];

export interface PlacementScores {
  scoreKN: number;
  scoreRC: number;
  scoreOC: number;
  total: number;
}

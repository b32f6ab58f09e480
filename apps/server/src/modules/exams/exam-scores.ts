import type { ExamScores } from '@medenglish/shared';

/**
 * An attempt's scores (issue 12): every question of the attempt counts, an unanswered one as
 * wrong, so an attempt finished by the deadline job scores exactly as if the learner had sent it
 * with the same answers. The mark out of 20 is how French institutions grade.
 */
export function scoreAttempt(correct: number, total: number): ExamScores {
  const ratio = total === 0 ? 0 : correct / total;
  return {
    correct,
    total,
    percent: Math.round(ratio * 1000) / 10,
    outOf20: Math.round(ratio * 2000) / 100,
  };
}

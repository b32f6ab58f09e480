import type { Estimate } from './estimate.js';
import { information, type ItemParams } from './model.js';

/**
 * The standard error the doubt and stopping rules use (issue 33). The engine's own (estimate.ts)
 * is right only if every difficulty and discrimination is what the scoring assumes. Until the
 * bank is calibrated (decision 0040) its difficulties are the writers' levels and its
 * discriminations one common value; checked from outside, the real error was 1.4 to 2.9 times
 * the engine's. Two causes, each widened for:
 *
 * - The writers' difficulties are off by about half a level each (WRITER_DIFFICULTY_SD: the
 *   spread of writers' judgements around calibrated difficulties in the placement literature is
 *   0.4–0.7 logit-levels; we take the middle). An estimate moves by each answered item's error
 *   times that item's share of the information (the delta method: ∂θ̂/∂bᵢ = Iᵢ / ΣI), so the
 *   errors add a variance of σ² Σ (Iᵢ / ΣI)² — large when few items carry the estimate.
 * - Real items discriminate unevenly around the common value the scoring assumes; the estimate's
 *   spread is then wider than the model's by about DISCRIMINATION_WIDENING (measured in the
 *   pessimistic simulation: `npm run placement:simulate`).
 *
 * A calibrated item (its difficulty estimated from answers) keeps a smaller error
 * (CALIBRATED_DIFFICULTY_SD, the calibration's aim) and no discrimination widening.
 */
export const WRITER_DIFFICULTY_SD = 0.5;
export const CALIBRATED_DIFFICULTY_SD = 0.15;
export const DISCRIMINATION_WIDENING = 1.3;

export interface ScoredItem {
  params: ItemParams;
  calibrated: boolean;
}

export function widenedSe(items: readonly ScoredItem[], estimate: Estimate): number {
  if (items.length === 0) return estimate.se;
  const infos = items.map((i) => information(estimate.theta, i.params));
  const total = infos.reduce((sum, v) => sum + v, 0);
  let difficultyVariance = 0;
  let uncalibrated = 0;
  items.forEach((item, n) => {
    const share = total > 0 ? infos[n]! / total : 1 / items.length;
    const sd = item.calibrated ? CALIBRATED_DIFFICULTY_SD : WRITER_DIFFICULTY_SD;
    difficultyVariance += share * share * sd * sd;
    if (!item.calibrated) uncalibrated += 1;
  });
  const widening = 1 + (DISCRIMINATION_WIDENING - 1) * (uncalibrated / items.length);
  return Math.sqrt((widening * estimate.se) ** 2 + difficultyVariance);
}

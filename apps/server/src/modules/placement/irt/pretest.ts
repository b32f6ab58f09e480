import { nextItem, testState, type AdaptiveItem, type Answered } from './adaptive.js';
import { hashString, seededRandom } from './random.js';
import { ITEM_LEVEL_INDEX, type ItemLevel } from './scale.js';

/**
 * Unscored pretest questions (issue 33). The adaptive order asks each learner the questions that
 * measure them best, so a question far from every learner's level, or one a little weaker than
 * its neighbours, would never be answered and never calibrated. Each test therefore carries a few
 * knowledge questions drawn at random across all levels, asked like the others (the learner
 * cannot tell them apart) but left out of the scores and of the adaptive choice: they measure the
 * bank, not the learner.
 *
 * Three questions, about a minute and a half of the 45: enough for a school's first 300 learners
 * to give each knowledge question of the bank a few dozen answers beside the adaptive ones
 * (docs/decisions/0040), few enough not to lengthen the test noticeably. They are asked after
 * the 3rd, 8th and 13th answers: inside the knowledge part for everyone (it has at least 14
 * scored questions), and after a few scored ones, so they are not the test's first impression.
 * Reading and listening questions are bound to a passage or clip that would cost minutes to
 * pretest; the adaptive order asks every passage and clip across the levels
 * (`npm run placement:simulate` reports the fewest answers any question gets).
 */
export const PRETEST_AFTER: readonly number[] = [3, 8, 13];
export const PRETEST_COUNT = PRETEST_AFTER.length;

const LEVELS = Object.keys(ITEM_LEVEL_INDEX) as ItemLevel[];

/**
 * The levels of a test's pretest questions: distinct levels drawn from the test's seed, so that
 * across tests every level is pretested as often as any other.
 */
function pretestLevels(seed: string): ItemLevel[] {
  const random = seededRandom(hashString(`${seed}:pretest-levels`));
  const levels = [...LEVELS];
  for (let i = levels.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [levels[i], levels[j]] = [levels[j]!, levels[i]!];
  }
  return levels;
}

/** The pretest question due now, if one is: a knowledge question of the slot's level not yet asked. */
export function pretestItem(
  pool: readonly AdaptiveItem[],
  answers: readonly Answered[],
  seed: string,
): AdaptiveItem | null {
  const slot = PRETEST_AFTER.indexOf(answers.length);
  if (slot < 0 || testState(pool, answers).current !== 'KN') return null;
  const asked = new Set(answers.map((a) => a.id));
  const open = pool.filter((i) => i.part === 'KN' && !asked.has(i.id));
  const level = pretestLevels(seed)[slot % LEVELS.length];
  const ofLevel = open.filter((i) => i.level === level);
  const from = ofLevel.length > 0 ? ofLevel : open;
  if (from.length === 0) return null;
  const random = seededRandom(hashString(`${seed}:pretest:${slot}`));
  return from[Math.floor(random() * from.length)]!;
}

/** What a test asks next: a pretest question when one is due, else the adaptive order's choice. */
export interface NextQuestion {
  item: AdaptiveItem;
  pretest: boolean;
}

export function nextQuestionOf(
  pool: readonly AdaptiveItem[],
  answers: readonly Answered[],
  seed: string,
  withPretest: boolean,
): NextQuestion | null {
  const pretest = withPretest ? pretestItem(pool, answers, seed) : null;
  if (pretest) return { item: pretest, pretest: true };
  const item = nextItem(pool, answers, seed);
  return item ? { item, pretest: false } : null;
}

import { groupLevelFromScore, levelFromScore } from '@medenglish/shared';
import { clickerIsRight, CLICKER_PATTERNS, type BankQuestion } from '../pattern-clickers.js';
import { type AdaptiveItem, type Answered, type Part } from './adaptive.js';
import { pCorrect, type ItemParams } from './model.js';
import { nextQuestionOf } from './pretest.js';
import { hashString, normal, seededRandom } from './random.js';
import { levelIndexFromScore, scoreFromTheta, thetaFromLevelIndex } from './scale.js';
import { scoreAnswers } from './score.js';

/**
 * The placement simulation: learners of known level take the adaptive test (pretest questions
 * included, as a real test of design 2 asks them), answering under a stated response model, and
 * we count how well the test places them.
 *
 * Response model: three-parameter logistic (model.ts) with a floor for careless slips. Each
 * item's true parameters differ from the scoring's as the model says: its difficulty by a normal
 * error (writers misjudge items), for some items by a whole level more; its discrimination
 * around a mean, item by item. Each learner's three skills (knowledge, reading, listening) may
 * differ from their level, and for some the listening is a level apart; the learner's true level
 * is the general ability the skills spread around (decision 0039).
 *
 * An item's errors are drawn from the run's seed and the item's key alone (`itemError`), so that
 * adding questions to the bank does not draw again the errors of those already in it: a run
 * before and after a change of the form measures the same simulated writers' misjudgements.
 */
export interface ResponseModel {
  name: string;
  /** The mean true discrimination, per level (the scoring assumes 2). */
  discrimination: number;
  /** Spread of the items' discriminations: a = discrimination · e^N(0, sd). */
  discriminationLogSd: number;
  /** Standard deviation of the writers' difficulty errors, in levels. */
  difficultyNoise: number;
  /** Share of items a whole level off their writer's level (±1, on top of the error). */
  levelOffShare: number;
  /** Careless slips: a learner who knows the answer still gets it wrong this often. */
  slip: number;
  /** Spread of reading around the learner's level, in levels (listening: twice as much). */
  skillSd: number;
  /** Share of learners whose listening is a level apart from their knowledge and reading. */
  listeningApartShare: number;
}

export const RESPONSE_MODELS: readonly ResponseModel[] = [
  {
    name: "as scored: 3PL, discrimination 2, writers' difficulties off by 0.3 level (issue 17's model)",
    discrimination: 2,
    discriminationLogSd: 0,
    difficultyNoise: 0.3,
    levelOffShare: 0,
    slip: 0,
    skillSd: 0,
    listeningApartShare: 0,
  },
  {
    // Issue 33's acceptance: assumptions chosen to be worse than an uncalibrated bank usually is.
    name:
      "pessimistic: writers' difficulties off by 0.5 level and one in ten a whole level more, " +
      'discriminations 1.6 on average varying by item (90 % within 0.9–2.8), 3 % careless slips, ' +
      'skills spread by 0.3 level and one learner in seven with listening a level apart',
    discrimination: 1.6,
    discriminationLogSd: 0.35,
    difficultyNoise: 0.5,
    levelOffShare: 0.1,
    slip: 0.03,
    skillSd: 0.2,
    listeningApartShare: 1 / 7,
  },
];

/**
 * The true levels simulated, as level indices (scale.ts): each band's middle, except B1, whose
 * middle is the group split (B1.5, SPEC §9) and where a learner is in one group or the other by
 * a hair; B1 learners are simulated at B1.2 (group 1) and B1.8 (group 2).
 */
export const TRUE_LEVELS: readonly { label: string; index: number }[] = [
  { label: 'A1 (A1.5)', index: 1.5 },
  { label: 'A2 (A2.5)', index: 2.5 },
  { label: 'B1 (B1.2)', index: 3.2 },
  { label: 'B1 (B1.8)', index: 3.8 },
  { label: 'B2 (B2.5)', index: 4.5 },
  { label: 'C1 (C1.5)', index: 5.5 },
  { label: 'C2 (C2.5)', index: 6.5 },
];

export interface LevelResult {
  label: string;
  learners: number;
  /** Shares, 0–1. */
  withinHalf: number;
  withinOne: number;
  /** Mean absolute error, in CEFR levels. */
  meanAbsoluteError: number;
  /** Mean signed error (placed minus true), in CEFR levels. */
  bias: number;
  wrongGroup: number;
  meanQuestions: number;
  /** Share of learners whose true level lies in the 90 % range of the engine's standard error. */
  coveredBySe: number;
  /** The same with the widened standard error the doubt rules use (uncertainty.ts). */
  coveredByWidenedSe: number;
}

export interface SimulationReport {
  model: ResponseModel;
  seed: number;
  levels: LevelResult[];
  /** Where each pattern of answers is placed, by band: the pure guesser and the pattern clickers. */
  patterns: Record<string, Record<string, number>>;
  /** The fewest answers a question of the bank got across all the simulated learners. */
  fewestAnswers: { part: Part; answers: number }[];
}

type Responder = (item: AdaptiveItem) => boolean;

export function takeTest(pool: readonly AdaptiveItem[], respond: Responder, seed: string) {
  const answers: Answered[] = [];
  for (;;) {
    const next = nextQuestionOf(pool, answers, seed, true);
    if (!next) break;
    answers.push({ id: next.item.id, correct: respond(next.item), pretest: next.pretest });
  }
  return { answers, scores: scoreAnswers(pool, answers) };
}

/** A standard normal error for one item in one run: a function of the seed and its key only. */
export function itemError(seed: number, id: string, what = ''): number {
  return normal(seededRandom(hashString(`${seed}:${id}${what}`)));
}

/** The true parameters of every item in a run. */
function trueParams(pool: readonly AdaptiveItem[], model: ResponseModel, seed: number) {
  return new Map<string, ItemParams>(
    pool.map((i) => {
      const off = seededRandom(hashString(`${seed}:${i.id}:off`));
      const wholeLevel = off() < model.levelOffShare ? (off() < 0.5 ? -1 : 1) : 0;
      return [
        i.id,
        {
          a: model.discrimination * Math.exp(model.discriminationLogSd * itemError(seed, i.id, ':a')),
          b: i.params.b + model.difficultyNoise * itemError(seed, i.id) + wholeLevel,
          c: i.params.c,
        },
      ];
    }),
  );
}

/**
 * A learner's three skills around their level (θ, the general ability the test measures, which
 * the knowledge part measures most directly): reading spread around it by `skillSd`, listening by
 * twice that, and for some learners a whole level above or below. French medical students' skills
 * are most uneven in listening (they read far more English than they hear).
 */
function skillsOf(theta: number, model: ResponseModel, random: () => number): Record<Part, number> {
  const apart = random() < model.listeningApartShare ? (random() < 0.5 ? -1 : 1) : 0;
  return {
    KN: theta,
    RC: theta + model.skillSd * normal(random),
    OC: theta + 2 * model.skillSd * normal(random) + apart,
  };
}

const Z90 = 1.645;

export function simulate(
  pool: readonly AdaptiveItem[],
  model: ResponseModel,
  learnersPerLevel: number,
  seed = 17,
  questions?: ReadonlyMap<string, BankQuestion>,
): SimulationReport {
  const random = seededRandom(seed);
  const truth = trueParams(pool, model, seed);
  const answerCounts = new Map(pool.map((i) => [i.id, 0]));
  const probability = (theta: number, item: AdaptiveItem) =>
    Math.min(1 - model.slip, pCorrect(theta, truth.get(item.id)!));
  const levels = TRUE_LEVELS.map(({ label, index }) => {
    const theta = thetaFromLevelIndex(index);
    const trueGroup = groupLevelFromScore(scoreFromTheta(theta));
    const sums = { half: 0, one: 0, error: 0, signed: 0, wrong: 0, questions: 0, se: 0, widened: 0 };
    for (let n = 0; n < learnersPerLevel; n++) {
      const skills = skillsOf(theta, model, random);
      const { answers, scores } = takeTest(
        pool,
        (item) => random() < probability(skills[item.part], item),
        `${seed}-${label}-${n}`,
      );
      for (const a of answers) answerCounts.set(a.id, answerCounts.get(a.id)! + 1);
      const placed = levelIndexFromScore(scores.total);
      const e = Math.abs(placed - index);
      if (e <= 0.5) sums.half++;
      if (e <= 1) sums.one++;
      sums.error += e;
      sums.signed += placed - index;
      if (groupLevelFromScore(scores.total) !== trueGroup) sums.wrong++;
      sums.questions += answers.length;
      if (e <= Z90 * scores.se.total) sums.se++;
      if (e <= Z90 * scores.seWidened) sums.widened++;
    }
    const share = (v: number) => v / learnersPerLevel;
    return {
      label,
      learners: learnersPerLevel,
      withinHalf: share(sums.half),
      withinOne: share(sums.one),
      meanAbsoluteError: share(sums.error),
      bias: share(sums.signed),
      wrongGroup: share(sums.wrong),
      meanQuestions: share(sums.questions),
      coveredBySe: share(sums.se),
      coveredByWidenedSe: share(sums.widened),
    };
  });

  const patterns: Record<string, Record<string, number>> = {};
  const place = (name: string, respond: (item: AdaptiveItem, testId: string) => boolean) => {
    const bands: Record<string, number> = {};
    for (let n = 0; n < learnersPerLevel; n++) {
      const testId = `${seed}-${name}-${n}`;
      const { scores } = takeTest(pool, (item) => respond(item, testId), testId);
      const band = levelFromScore(scores.total).band;
      bands[band] = (bands[band] ?? 0) + 1 / learnersPerLevel;
    }
    patterns[name] = bands;
  };
  place('pure guesser', (item) => random() < item.params.c);
  if (questions)
    for (const pattern of CLICKER_PATTERNS)
      place(pattern, (item, testId) => clickerIsRight(pattern, questions.get(item.id)!, testId));

  const fewestAnswers = (['KN', 'RC', 'OC'] as const).map((part) => ({
    part,
    answers: Math.min(...pool.filter((i) => i.part === part).map((i) => answerCounts.get(i.id)!)),
  }));
  return { model, seed, levels, patterns, fewestAnswers };
}

/**
 * The aims, by model. Issue 33 (the pessimistic model): at every true level at least 85 % within
 * half a level, at most 10 % in the wrong group at B1.2 and B1.8; the pure guesser and the
 * pattern clickers placed A0 or A1 in at least 99 % of tests. Issue 17's (the model as scored):
 * 90 % within half a level and under 5 % in the wrong group. Returns what is not met.
 */
export function meetsAcceptance(report: SimulationReport): string[] {
  const pessimistic = report.model.levelOffShare > 0;
  const withinHalf = pessimistic ? 0.85 : 0.9;
  const wrongGroup = pessimistic ? 0.1 : 0.05;
  const name = `${report.model.name.split(':')[0]} (seed ${report.seed})`;
  const failures = report.levels.flatMap((l) => [
    ...(l.withinHalf < withinHalf ? [`${name}: ${l.label} within half a level ${l.withinHalf}`] : []),
    ...(l.wrongGroup > wrongGroup ? [`${name}: ${l.label} wrong group ${l.wrongGroup}`] : []),
  ]);
  for (const [pattern, bands] of Object.entries(report.patterns)) {
    const low = (bands.A0 ?? 0) + (bands.A1 ?? 0);
    if (low < 0.99) failures.push(`${name}: ${pattern} placed A0–A1 in ${(low * 100).toFixed(1)} %`);
  }
  return failures;
}

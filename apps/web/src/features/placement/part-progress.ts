import {
  messages,
  type PlacementPartProgress,
  type PlacementQuestion,
  type PlacementTest,
} from '@medenglish/shared';

/** The parts in the order they are taken (the intro lists them so). */
export const PARTS = ['KN', 'RC', 'OC'] as const;
type Part = (typeof PARTS)[number];

const partNumber = (part: string) => PARTS.indexOf(part as Part) + 1;
const partName = (part: string) => messages.placement.parts[part] ?? part;

/**
 * Where the learner is, by part (issue 33): the server's `progress`; for a test that has none
 * (a server from before it), worked out from the question shown: its part, the questions of that
 * part already answered, and the most that part can have.
 */
export function currentProgress(
  test: PlacementTest,
  question: PlacementQuestion,
  index: number,
): PlacementPartProgress {
  if (test.progress) return test.progress;
  const part = question.category;
  const answered = test.questions.slice(0, index).filter((q) => q.category === part).length;
  const total = Math.max(test.parts[part] ?? 0, answered + 1);
  return { part, number: partNumber(part), answered, total };
}

/** What the counter block shows. */
export interface ProgressView {
  /** 'Connaissances'. */
  partName: string;
  /** 'Partie 1 / 3'. */
  partOf: string;
  /** 'Question : n / total', n counted within the part and total fixed while the part lasts. */
  counter: string;
  /** The whole test done, 0 to 100, part by part: it never goes back. */
  percent: number;
}

export function progressView(progress: PlacementPartProgress): ProgressView {
  const total = Math.max(1, progress.total);
  const answered = Math.min(Math.max(0, progress.answered), total);
  const number = Math.min(Math.max(1, progress.number), PARTS.length);
  return {
    partName: partName(progress.part),
    partOf: messages.placement.partOf(number, PARTS.length),
    counter: messages.placement.counter(Math.min(answered + 1, total), total),
    percent: ((number - 1 + answered / total) / PARTS.length) * 100,
  };
}

/**
 * On the first question of a new part, the word that the part before is complete ('Partie 1
 * terminée. Partie 2 : Compréhension écrite.'); null elsewhere.
 */
export function partCompleteNotice(
  previous: PlacementQuestion | undefined,
  progress: PlacementPartProgress,
): string | null {
  if (!previous || previous.category === progress.part) return null;
  const ended = partNumber(previous.category);
  if (ended === 0) return null;
  return messages.placement.partComplete(ended, progress.number, partName(progress.part));
}

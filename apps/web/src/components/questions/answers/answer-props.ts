import type { PlacementQuestion } from '@medenglish/shared';

/** What every answer control receives: the answerIndex being built, controlled by the screen. */
export interface AnswerProps {
  question: PlacementQuestion;
  /** The answerIndex so far; null while the learner has not answered. */
  selection: number[] | null;
  onChange(selection: number[] | null): void;
  /** Id of the question's heading, which names the control. */
  labelledBy: string;
  /** While the answer is being saved. */
  disabled?: boolean;
}

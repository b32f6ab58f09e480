import type { AnswerProps } from './answer-props';
import { ChoiceAnswer } from './choice-answer';
import { FillBlankAnswer } from './fill-blank-answer';
import { OrderingAnswer } from './ordering-answer';

/** The controls of the question's type; none for a type this app does not know. */
export function AnswerControls(props: AnswerProps) {
  switch (props.question.type as string) {
    case 'mcq':
    case 'tof':
      return <ChoiceAnswer {...props} />;
    case 'fillblank':
      return <FillBlankAnswer {...props} />;
    case 'd&d':
      return <OrderingAnswer {...props} />;
    default:
      return null;
  }
}

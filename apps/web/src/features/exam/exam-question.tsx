import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countBlanks, isQuestionType, messages, type PlacementQuestion } from '@medenglish/shared';
import { isAnswerComplete } from '../../components/questions/answer-input';
import { AnswerControls } from '../../components/questions/answers/answer-controls';
import { PassagePanel } from '../../components/questions/passage-panel';
import { QuestionHeading } from '../../components/questions/question-heading';

export interface ExamQuestionProps {
  question: PlacementQuestion;
  /** The reading passage of the question, from the attempt's passages. */
  passage: { title: string; text: string } | null;
  /** Zero-based position in the attempt. */
  index: number;
  total: number;
  onSubmit(selection: number[]): void;
}

/**
 * One question of the quiz exam (SPEC §4: one by one, no going back): the part, the passage for a
 * reading question, the prompt and the engine's answer controls; Submit is enabled once the answer
 * is complete (SPEC §5). Submitting never waits for the network: the answer is queued on the
 * device and the next question shows at once.
 */
export function ExamQuestion({ question, passage, index, total, onSubmit }: ExamQuestionProps) {
  const [selection, setSelection] = useState<number[] | null>(null);
  const headingId = useId();
  const complete = isQuestionType(question.type) && isAnswerComplete(question, selection);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete && selection) onSubmit(selection);
  };
  const counter = messages.placement.counter(index + 1, total);
  const heading =
    question.type === 'fillblank' ? messages.placement.blanksHelp(countBlanks(question.name)) : question.name;

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={{ xs: 2, sm: 2.5 }}>
      <Typography
        component="p"
        variant="overline"
        sx={{ color: 'primary.main', fontWeight: 700, lineHeight: 1.5 }}
      >
        {messages.placement.parts[question.category] ?? question.category}
      </Typography>
      {passage && <PassagePanel title={passage.title} text={passage.text} />}
      <QuestionHeading id={headingId} counter={counter}>
        {heading}
      </QuestionHeading>
      {isQuestionType(question.type) && (
        <AnswerControls
          question={question}
          selection={selection}
          onChange={setSelection}
          labelledBy={headingId}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!complete}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 200, minHeight: 48 }}
        >
          {messages.placement.submit}
        </Button>
      </Box>
    </Stack>
  );
}

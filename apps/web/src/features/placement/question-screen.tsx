import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countBlanks, isQuestionType, messages, type PlacementQuestion } from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { visuallyHidden } from '../../components/visually-hidden';
import { isAnswerComplete } from '../../components/questions/answer-input';
import { AnswerControls } from '../../components/questions/answers/answer-controls';
import { PassagePanel } from '../../components/questions/passage-panel';
import { QuestionHeading } from '../../components/questions/question-heading';
import { QuestionMedia } from '../../components/questions/question-media';
import { recordAudioPlay } from './placement-api';

export interface QuestionScreenProps {
  testId: string;
  question: PlacementQuestion;
  /** Zero-based index of the question in the test. */
  index: number;
  total: number;
  audioPlays: Record<string, number>;
  onAudioPlayed(filename: string, plays: number): void;
  /** The unsaved answer kept from before a reload, if any. */
  initialSelection: number[] | null;
  onSelectionChange(selection: number[] | null): void;
  onSubmit(selection: number[]): void;
  saving: boolean;
  /** Why the last save failed; the answer stays on screen for another try. */
  saveError: string | null;
}

/**
 * One question of SPEC §2 /test: progress, part, passage or media, the question, its answer
 * controls and Submit (disabled until an answer exists, SPEC §5). No way back.
 */
export function QuestionScreen(props: QuestionScreenProps) {
  const { question, index, total, saving, saveError } = props;
  const { showToast } = useToast();
  const [selection, setSelection] = useState<number[] | null>(props.initialSelection);
  const headingId = useId();
  const knownType = isQuestionType(question.type);
  const complete = isAnswerComplete(question, selection);

  // SPEC §8: a type this app cannot show is reported ('Unknown type') and gets no controls.
  useEffect(() => {
    if (!knownType) showToast({ message: messages.placement.unknownType, severity: 'error' });
  }, [knownType, showToast]);

  const change = (next: number[] | null) => {
    setSelection(next);
    props.onSelectionChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete && selection && !saving) props.onSubmit(selection);
  };

  // SPEC §2 writes the counter 'Question : n / total+1', counting from a zero-based index of the
  // last question; with n counted from 1, the total is simply the number of questions.
  const counter = messages.placement.counter(index + 1, total);
  const heading =
    question.type === 'fillblank' ? messages.placement.blanksHelp(countBlanks(question.name)) : question.name;

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={{ xs: 2, sm: 2.5 }}>
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography
            component="p"
            variant="overline"
            sx={{ color: 'primary.main', fontWeight: 700, lineHeight: 1.5 }}
          >
            {messages.placement.parts[question.category] ?? question.category}
          </Typography>
          <Typography component="p" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {counter}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={(index / total) * 100}
          aria-label={counter}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Stack>

      {question.passage && <PassagePanel title={question.passage.title} text={question.passage.text} />}
      <QuestionMedia
        countPlay={(filename) => recordAudioPlay(props.testId, filename)}
        question={question}
        audioPlays={props.audioPlays}
        onAudioPlayed={props.onAudioPlayed}
      />

      <QuestionHeading id={headingId} counter={counter}>
        {heading}
      </QuestionHeading>

      {knownType && (
        <AnswerControls
          question={question}
          selection={selection}
          onChange={change}
          labelledBy={headingId}
          disabled={saving}
        />
      )}

      {saveError && (
        <Alert severity="error" role="alert">
          {messages.placement.saveFailed}
          <Box component="span" sx={{ display: 'block', mt: 0.5, opacity: 0.85 }}>
            {saveError}
          </Box>
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!complete}
          loading={saving}
          loadingPosition="start"
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 200, minHeight: 48 }}
        >
          {saving ? messages.placement.saving : messages.placement.submit}
        </Button>
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {saving ? messages.placement.saving : ''}
      </Box>
    </Stack>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
  /** 'Question : n / total' within the part, read before the question (the block above shows it). */
  counter: string;
  audioPlays: Record<string, number>;
  onAudioPlayed(filename: string, plays: number): void;
  /** Where an unfinished play of each recording stopped, for its next questions. */
  audioStops: Record<string, number>;
  onAudioStopped(filename: string, at: number | null): void;
  /** The unsaved answer kept from before a reload, if any. */
  initialSelection: number[] | null;
  onSelectionChange(selection: number[] | null): void;
  onSubmit(selection: number[]): void;
  saving: boolean;
  /** Why the last save failed; the answer stays on screen for another try. */
  saveError: string | null;
}

/**
 * One question of SPEC §2 /test: passage or media, the question, its answer controls and Submit
 * (disabled until an answer exists, SPEC §5). No way back. The part and the counter are drawn
 * above it (ProgressHeader), where they stay from one question to the next.
 */
export function QuestionScreen(props: QuestionScreenProps) {
  const { question, counter, saving, saveError } = props;
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

  const heading =
    question.type === 'fillblank' ? messages.placement.blanksHelp(countBlanks(question.name)) : question.name;

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={{ xs: 2, sm: 2.5 }}>
      {question.passage && <PassagePanel title={question.passage.title} text={question.passage.text} />}
      <QuestionMedia
        countPlay={(filename) => recordAudioPlay(props.testId, filename)}
        question={question}
        audioPlays={props.audioPlays}
        onAudioPlayed={props.onAudioPlayed}
        audioStops={props.audioStops}
        onAudioStopped={props.onAudioStopped}
        halted={saving}
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

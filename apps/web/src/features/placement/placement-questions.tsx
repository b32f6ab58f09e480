import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ErrorCode, type AnswerInput, type PlacementTest } from '@medenglish/shared';
import { LazyFallback } from '../../components/lazy-fallback';
import { useToast } from '../../components/toast';
import { errorMessage, isApiError } from '../../lib/api-error';
import { logout } from '../../lib/logout';
import { recordToInput, resumeIndex, toAnswerInput } from '../../components/questions/answer-input';
import { currentProgress, partCompleteNotice, progressView } from './part-progress';
import { saveAnswers } from './placement-api';
import { readPlacementSession, writePlacementSession } from './placement-session';
import { ProgressHeader } from './progress-header';
import { QuestionScreen } from './question-screen';
import { placementTestKey, useUpdatePlacementTest } from './use-placement-test';

export interface PlacementQuestionsProps {
  userId: string;
  test: PlacementTest;
  /** The last answer was saved: the server sent the scores. */
  onFinished(): void;
}

/** Errors that end the attempt one way or another rather than ask for another try. */
const isHandledElsewhere = (error: unknown) =>
  isApiError(error, ErrorCode.COMPANY_BLOCKED) || isApiError(error, ErrorCode.CONFLICT);

/**
 * The questions, one at a time and no way back. The server sends the questions asked so far and
 * the next one (the order is adaptive, issue 17); the question shown is the first it has no
 * answer for (SPEC §4 resumption: the count of answered questions); each Submit saves at once,
 * sending every answer so far, and the server's reply names the next question.
 */
export function PlacementQuestions({ userId, test, onFinished }: PlacementQuestionsProps) {
  const queryClient = useQueryClient();
  const updateTest = useUpdatePlacementTest(userId);
  const { showToast } = useToast();
  const index = resumeIndex(test.questions, test.answers);
  const question = test.questions[index];
  // Where each recording's unfinished play stopped (audio-listens.ts), kept with the tab's session
  // so that the clip's next question, or a reload, goes on with it rather than offer a new play.
  const [audioStops, setAudioStops] = useState(() => readPlacementSession().audioStops);
  const stopAudio = (filename: string, at: number | null) => {
    const next = { ...readPlacementSession().audioStops };
    if (at === null) delete next[filename];
    else next[filename] = at;
    setAudioStops(writePlacementSession({ audioStops: next }).audioStops);
  };

  // SPEC §4 "current index kept locally"; on load the server's count wins (resumeIndex above).
  useEffect(() => {
    writePlacementSession({ index });
  }, [index]);

  // Each question starts at the top of the page: the one before may have left it scrolled down to
  // its Submit button, which would leave the new question's start, and the word that a part is
  // complete, under the block that stays at the top.
  const questionId = question?._id;
  useEffect(() => {
    if (questionId) (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [questionId]);

  const save = useMutation({
    mutationFn: (answers: AnswerInput[]) => saveAnswers(test.testId, answers),
  });

  const refetchTest = () => queryClient.invalidateQueries({ queryKey: placementTestKey(userId) });

  // Every answer is saved: the server finishes the test with the last one. Should this screen run
  // out of questions without a finished test (answers given in another tab), ask the server again.
  const outOfQuestions = !question;
  useEffect(() => {
    if (outOfQuestions) void queryClient.invalidateQueries({ queryKey: placementTestKey(userId) });
  }, [outOfQuestions, queryClient, userId]);
  if (!question) return <LazyFallback />;

  const submit = (selection: number[]) => {
    const input = toAnswerInput(question, selection);
    // SPEC §4: "submit pushes the answer and sends all answers so far".
    const answers = [...test.answers.map(recordToInput), input];
    save.mutate(answers, {
      onSuccess: (progress) => {
        writePlacementSession({ draft: null });
        updateTest((cached) => ({
          ...cached,
          // The order is adaptive: the server says which question comes next (issue 17).
          questions:
            progress.next && !cached.questions.some((q) => q._id === progress.next!._id)
              ? [...cached.questions, progress.next]
              : cached.questions,
          total: progress.total,
          progress: progress.progress,
          answers: [
            ...cached.answers,
            {
              question: input.question,
              answerIndex: input.answerIndex,
              fakeIndex: input.fakeIndex ?? null,
              created_at: new Date().toISOString(),
            },
          ],
          testFinish: progress.testFinish,
          scores: progress.scores,
          level: progress.level,
        }));
        if (progress.testFinish) onFinished();
        // Another tab or device answered meanwhile: take the server's answers.
        else if (progress.answered !== answers.length) void refetchTest();
      },
      onError: (error) => {
        // SPEC §6: a blocked company ends the session once 60 answers exist (they stay saved).
        if (isApiError(error, ErrorCode.COMPANY_BLOCKED)) void logout({ reason: 'companyBlocked' });
        // This question already has another answer (another tab or device): the server wins.
        else if (isApiError(error, ErrorCode.CONFLICT)) {
          showToast({ message: error.message, severity: 'warning' });
          save.reset();
          void refetchTest();
        }
      },
    });
  };

  const draft = readPlacementSession().draft;
  const progress = currentProgress(test, question, index);
  const view = progressView(progress);
  // The first question of a new part says that the one before is complete (issue 33).
  const notice = partCompleteNotice(test.questions[index - 1], progress);
  return (
    <Box>
      <ProgressHeader view={view} />
      {/* Always there, so that screen readers announce what comes into it. */}
      <Box role="status" sx={{ '&:not(:empty)': { mt: { xs: 2, sm: 2.5 } } }}>
        {notice && (
          <Alert severity="success" role="none">
            {notice}
          </Alert>
        )}
      </Box>
      <Box sx={{ mt: { xs: 2, sm: 2.5 } }}>
        <QuestionScreen
          key={question._id}
          testId={test.testId}
          question={question}
          counter={view.counter}
          audioPlays={test.audioPlays}
          onAudioPlayed={(filename, plays) =>
            updateTest((cached) => ({ ...cached, audioPlays: { ...cached.audioPlays, [filename]: plays } }))
          }
          audioStops={audioStops}
          onAudioStopped={stopAudio}
          initialSelection={draft?.question === question._id ? draft.selection : null}
          onSelectionChange={(selection) =>
            writePlacementSession({ draft: selection ? { question: question._id, selection } : null })
          }
          onSubmit={submit}
          saving={save.isPending}
          saveError={save.isError && !isHandledElsewhere(save.error) ? errorMessage(save.error) : null}
        />
      </Box>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isWarningTime, messages, type ExamAttempt } from '@medenglish/shared';
import { ExamQuestion } from './exam-question';
import { ExamTimer } from './exam-timer';
import { ExamSent } from './exam-sent';
import { useExamSession } from './use-exam-session';

const t = messages.exam;

/**
 * Taking the quiz exam: the timer and progress on top (sticky, so they stay in sight on a phone),
 * the connection state, then the question, or the send screen once every question has an answer,
 * or the sent screen.
 */
export function ExamSessionView({
  attempt,
  userId,
  timeZone,
  onDone,
}: {
  attempt: ExamAttempt;
  userId: string;
  timeZone: string;
  onDone(): void;
}) {
  const session = useExamSession(attempt, userId);
  const { remaining, position, result } = session;
  const total = attempt.total;
  const question = attempt.questions[position];
  const counter = messages.placement.counter(Math.min(position + 1, total), total);

  if (result) {
    return (
      <Stack spacing={2}>
        {session.lateAnswers.length > 0 && (
          <Alert severity="warning" role="alert">
            {t.lateAnswers(session.lateAnswers.join(', '))}
          </Alert>
        )}
        <ExamSent status={result} name={attempt.name} timeZone={timeZone} onDone={onDone} />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Paper
        variant="outlined"
        sx={{
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
          p: { xs: 1.5, sm: 2 },
          borderRadius: 2,
          display: 'grid',
          // minmax(0, 1fr): a long exam name is cut with an ellipsis rather than widen the page.
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1,
        }}
      >
        <Typography component="p" variant="body2" color="text.secondary" noWrap>
          {attempt.name}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: 2,
            flexWrap: 'wrap',
          }}
        >
          <ExamTimer remaining={remaining} urgent={isWarningTime(remaining)} />
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{counter}</Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={(Math.min(position, total) / total) * 100}
          aria-label={counter}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Paper>

      <Box aria-live="polite">
        {session.connection === 'offline' && (
          <Alert severity="warning">
            {t.offline}
            {session.pending > 0 && (
              <Box component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}>
                {t.pending(session.pending)}
              </Box>
            )}
          </Alert>
        )}
        {session.connection === 'restored' && <Alert severity="success">{t.online}</Alert>}
      </Box>

      {question ? (
        <ExamQuestion
          key={position}
          question={question}
          passage={question.passageId === null ? null : (attempt.passages[question.passageId] ?? null)}
          index={position}
          total={total}
          onSubmit={session.answer}
        />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {t.allAnsweredTitle}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t.allAnsweredText}</Typography>
          <Button
            variant="contained"
            size="large"
            onClick={session.send}
            loading={session.sending}
            loadingPosition="start"
            sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}
          >
            {session.sending ? t.sending : t.send}
          </Button>
        </Paper>
      )}

      <Dialog
        open={session.warning !== null}
        onClose={session.dismissWarning}
        aria-labelledby="exam-warning-title"
      >
        <DialogTitle id="exam-warning-title">{t.warningTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.warningText(session.warning ?? 0)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={session.dismissWarning} variant="contained" autoFocus>
            {t.warningOk}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

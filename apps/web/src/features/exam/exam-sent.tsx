import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  formatMark,
  LOCALES,
  currentLanguage,
  messages,
  type ExamAttemptStatus,
} from '@medenglish/shared';

const t = messages.exam;

/** SPEC §4 "Finished exams show 'Votre examen a été envoyé à {date}'", with the result computed by the server. */
export function ExamSentSummary({ status, timeZone }: { status: ExamAttemptStatus; timeZone: string }) {
  return (
    <Stack spacing={0.5}>
      <Typography sx={{ fontWeight: 600 }}>
        {t.sent(formatDateTime(status.finishedAt ?? '', timeZone))}
      </Typography>
      {status.finishedBy === 'deadline' || status.finishedBy === 'timer' ? (
        <Typography color="text.secondary">{t.sentByTimer}</Typography>
      ) : null}
      {status.examScores && (
        <Typography>
          <strong>{t.score(formatMark(status.examScores.outOf20, LOCALES[currentLanguage()]))}</strong>
          {' · '}
          {t.correctCount(status.examScores.correct, status.examScores.total)}
        </Typography>
      )}
    </Stack>
  );
}

export function ExamSent({
  status,
  name,
  timeZone,
  onDone,
}: {
  status: ExamAttemptStatus;
  name: string;
  timeZone: string;
  onDone(): void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        <ExamSentSummary status={status} timeZone={timeZone} />
        <Button variant="outlined" onClick={onDone} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          {messages.placement.continue}
        </Button>
      </Stack>
    </Paper>
  );
}

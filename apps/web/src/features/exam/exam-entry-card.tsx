import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXAM_DEFAULT_MINUTES, formatDateTime, messages } from '@medenglish/shared';
import { untilParts } from './exam-clock';
import type { ExamEntry } from './exam-entries';
import { ExamSentSummary } from './exam-sent';
import { UploadPanel } from './upload-panel';
import type { UploadPlace } from './upload-api';

const t = messages.exam;

function countdownLabel(ms: number): string {
  const parts = untilParts(ms);
  if ('days' in parts) return t.countdownDays(parts.days);
  return parts.hours > 0 ? t.countdownHours(parts.hours, parts.minutes) : t.countdownMinutes(parts.minutes);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One exam of the learner (SPEC §2 /elearning/exam, §4 Exam display): the upcoming notice with its
 * countdown badge before the start; the information screen (dates, duration, extra time, the rules)
 * and the start button while it is open; resume while the learner's attempt runs; the sent notice
 * with the result once sent; the finished notice after the end.
 */
export function ExamEntryCard({
  entry,
  now,
  timeZone,
  extraMinutes,
  durationMinutes,
  name,
  onStart,
  upload,
}: {
  entry: ExamEntry;
  now: number;
  timeZone: string;
  extraMinutes: number;
  /** The quiz's duration when known (its pool says it); the default otherwise. */
  durationMinutes: number;
  /** The quiz's name when known (its pool's). */
  name?: string;
  onStart(): void;
  /** For a group exam (type 3): where the learner's file goes, and who they are. */
  upload?: { place: UploadPlace; user: Parameters<typeof UploadPanel>[0]['user'] };
}) {
  const { exam, display } = entry;
  const titleId = `exam-${entry.key}-title`;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  const typeName = t.typeNames[exam.type] ?? t.typeNames[1]!;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Stack spacing={2}>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography
              component="p"
              variant="overline"
              sx={{ color: 'primary.main', fontWeight: 700, lineHeight: 1.6 }}
            >
              {typeName}
            </Typography>
            {display === 'not-started' && exam.examBegin && (
              <Chip color="primary" size="small" label={countdownLabel(Date.parse(exam.examBegin) - now)} />
            )}
          </Box>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {name ?? typeName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {entry.groupName}
          </Typography>
        </Box>

        {exam.type === 0 ? (
          <Typography>{t.noWrittenExam}</Typography>
        ) : (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)' },
              justifyContent: 'start',
              columnGap: 4,
            }}
          >
            <Fact label={t.begin} value={when(exam.examBegin)} />
            <Fact label={t.end} value={when(exam.examEnd)} />
            {(exam.type === 1 || exam.type === 2) && (
              <Fact label={t.duration} value={t.minutes(durationMinutes)} />
            )}
            {(exam.type === 1 || exam.type === 2) && extraMinutes > 0 && (
              <Fact label={t.extraTime} value={t.minutes(extraMinutes)} />
            )}
          </Box>
        )}

        {exam.type === 1 && <QuizState entry={entry} timeZone={timeZone} onStart={onStart} />}
        {exam.type === 2 && (
          <WrittenState
            entry={entry}
            timeZone={timeZone}
            durationMinutes={EXAM_DEFAULT_MINUTES + extraMinutes}
            onStart={onStart}
          />
        )}
        {exam.type === 3 && display === 'not-started' && exam.examBegin && (
          <Typography>{t.upcoming(when(exam.examBegin))}</Typography>
        )}
        {exam.type === 3 && (display === 'in-progress' || display === 'finished') && upload && (
          <UploadPanel
            place={upload.place}
            user={upload.user}
            display={display}
            timeZone={timeZone}
            examEnd={exam.examEnd}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** What a quiz exam offers now: its result once sent, else the notice or the start (or resume). */
function QuizState({ entry, timeZone, onStart }: { entry: ExamEntry; timeZone: string; onStart(): void }) {
  const { attempt, display, exam } = entry;
  if (attempt?.finishedAt) return <ExamSentSummary status={attempt} timeZone={timeZone} />;
  if (display === 'not-started') {
    return (
      <Typography>{t.upcoming(exam.examBegin ? formatDateTime(exam.examBegin, timeZone) : '—')}</Typography>
    );
  }
  if (display === 'finished' && !attempt) {
    return (
      <Typography>
        {t.finishedNotice} {t.notTaken}
      </Typography>
    );
  }
  if (display === 'unscheduled') return null;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t.rules}</Typography>
      <Button
        variant="contained"
        size="large"
        onClick={onStart}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}
      >
        {attempt ? t.resume : t.start}
      </Button>
    </Stack>
  );
}

/** What a written exam offers now (issue 13): its sent time once sent, else the notice or the start. */
function WrittenState({
  entry,
  timeZone,
  durationMinutes,
  onStart,
}: {
  entry: ExamEntry;
  timeZone: string;
  durationMinutes: number;
  onStart(): void;
}) {
  const { written, display, exam } = entry;
  if (written?.sentAt) {
    return (
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 600 }}>{t.sent(formatDateTime(written.sentAt, timeZone))}</Typography>
        {written.sentBy === 'deadline' && (
          <Typography color="text.secondary">{t.written.sentByDeadline}</Typography>
        )}
      </Stack>
    );
  }
  if (display === 'not-started') {
    return (
      <Typography>{t.upcoming(exam.examBegin ? formatDateTime(exam.examBegin, timeZone) : '—')}</Typography>
    );
  }
  if (display === 'finished' && !written) {
    return (
      <Typography>
        {t.finishedNotice} {t.notTaken}
      </Typography>
    );
  }
  if (display === 'unscheduled' || !exam.examSubject?.examFile) return null;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t.written.rules(t.minutes(durationMinutes))}</Typography>
      <Button
        variant="contained"
        size="large"
        onClick={onStart}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}
      >
        {written ? t.resume : t.start}
      </Button>
    </Stack>
  );
}

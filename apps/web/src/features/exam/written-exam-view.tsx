import { useId, useState, type ClipboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  messages,
  minutesLeft,
  WRITTEN_ANSWER_MAX,
  type WrittenExam,
} from '@medenglish/shared';
import { ExamTimer } from './exam-timer';
import { useWrittenExam } from './use-written-exam';
import type { WrittenRef } from './written-api';

const t = messages.exam;
const w = messages.exam.written;

const words = (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);

/**
 * The written answer exam (SPEC §2/§4, issue 13): the subject to read, the answer box — cut, copy
 * and paste turned off, and said so —, the draft's state, the time left with the 4-minute banner,
 * and Send behind the confirmation of SPEC §5. Sent, the answer is locked and its time shown.
 */
export function WrittenExamView({
  initial,
  reference,
  timeZone,
  onDone,
}: {
  initial: WrittenExam;
  reference: WrittenRef & { companyId: string };
  timeZone: string;
  onDone(): void;
}) {
  const session = useWrittenExam(initial, reference);
  const { exam } = session;
  const [confirming, setConfirming] = useState(false);
  const [emptyRefused, setEmptyRefused] = useState(false);
  const helpId = useId();
  const locked = Boolean(exam.sentAt) || session.timeUp;
  const block = (event: ClipboardEvent) => event.preventDefault();

  const askToSend = () => {
    // SPEC §5: an empty answer is refused before anything is sent.
    if (session.text.trim() === '') {
      setEmptyRefused(true);
      return;
    }
    setConfirming(true);
  };

  return (
    <Stack spacing={2}>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 1.5, sm: 2 },
          borderRadius: 2,
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
            alignItems: 'baseline',
          }}
        >
          <Typography component="p" sx={{ fontWeight: 700 }}>
            {t.typeNames[2]}
          </Typography>
          {!exam.sentAt && <ExamTimer remaining={session.remaining} />}
        </Box>
      </Paper>

      {session.ending && (
        <Alert severity="warning" role="alert">
          {w.endBanner(minutesLeft(session.remaining))}
        </Alert>
      )}

      {!exam.sentAt && (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="written-subject"
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
        >
          <Typography id="written-subject" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {w.subject}
          </Typography>
          {exam.examFileUrl ? (
            <Link href={exam.examFileUrl} target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
              {w.openSubject}
            </Link>
          ) : (
            <Typography color="text.secondary">{w.noSubject}</Typography>
          )}
        </Paper>
      )}

      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Stack spacing={1.5}>
          {exam.sentAt && (
            <Alert severity="success">
              {t.sent(formatDateTime(exam.sentAt, timeZone))}
              {exam.sentBy === 'deadline' && (
                <Box component="span" sx={{ display: 'block' }}>
                  {w.sentByDeadline}
                </Box>
              )}
            </Alert>
          )}
          {session.timeUp && !exam.sentAt && <Alert severity="info">{w.sentByDeadline}</Alert>}
          <TextField
            label={w.answerLabel}
            multiline
            minRows={12}
            value={session.text}
            onChange={(event) => {
              setEmptyRefused(false);
              session.setText(event.target.value);
            }}
            onCut={block}
            onCopy={block}
            onPaste={block}
            onDrop={(event) => event.preventDefault()}
            slotProps={{
              htmlInput: {
                readOnly: locked,
                maxLength: WRITTEN_ANSWER_MAX,
                spellCheck: false,
                'aria-describedby': helpId,
              },
            }}
            error={emptyRefused}
            fullWidth
          />
          <Box
            id={helpId}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
          >
            <Typography variant="body2" color="text.secondary">
              {locked ? w.words(words(session.text)) : `${w.pasteBlocked} ${w.words(words(session.text))}`}
            </Typography>
            {!locked && (
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {session.draftState === 'local'
                  ? w.draftLocal
                  : session.savedAt
                    ? w.draftSaved(formatDateTime(session.savedAt, timeZone).split(' ')[1] ?? '')
                    : ''}
              </Typography>
            )}
          </Box>
          {emptyRefused && (
            <Alert severity="error" role="alert">
              {w.empty}
            </Alert>
          )}
          {session.sendError && (
            <Alert severity="error" role="alert">
              {session.sendError}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={onDone} sx={{ minHeight: 44 }}>
              {t.backToList}
            </Button>
            {!locked && (
              <Button
                variant="contained"
                size="large"
                onClick={askToSend}
                loading={session.sending}
                loadingPosition="start"
                sx={{ minHeight: 48 }}
              >
                {w.send}
              </Button>
            )}
          </Box>
        </Stack>
      </Paper>

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-describedby="written-confirm">
        <DialogContent>
          <DialogContentText id="written-confirm">{w.confirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{w.cancel}</Button>
          <Button
            variant="contained"
            autoFocus
            onClick={() => {
              setConfirming(false);
              void session.send();
            }}
          >
            {w.confirmSend}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ErrorCode,
  errorCatalogue,
  formatDateTime,
  messages,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_SUCCESS_ANSWER,
  type ExamDisplay,
  type UploadedFile,
  type User,
} from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-error';
import { saveFile } from '../../lib/save-file';
import {
  checkChosenFile,
  deleteUpload,
  fetchUpload,
  sendUpload,
  uploadDownloadUrl,
  uploadQueryKey,
  type UploadPlace,
} from './upload-api';

const t = messages.exam.upload;
const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
const ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

type Notice = { severity: 'success' | 'error'; text: string } | null;

/**
 * The abstract upload of a group exam (type 3; SPEC §4 "File upload", §5, issue 13): no file, then
 * the learner's one file (download, delete while the exam is open), with every message of SPEC §5.
 * The browser checks the name and size first to answer at once; the server checks again, content
 * included, and its refusal is what is shown.
 */
export function UploadPanel({
  place,
  user,
  display,
  timeZone,
  examEnd,
}: {
  place: UploadPlace;
  user: Pick<User, 'email' | 'firstname' | 'name'>;
  display: ExamDisplay;
  timeZone: string;
  examEnd: string | null;
}) {
  const queryClient = useQueryClient();
  const { showCatalogueError, showToast } = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<UploadedFile | null>(null);
  const key = uploadQueryKey(place);
  const file = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await fetchUpload(place, signal);
      } catch (error) {
        // SPEC §8 1901 'Error checking file' (a warning: the page still works).
        showCatalogueError(errorCatalogue.checkFile);
        throw error;
      }
    },
    retry: 1,
  });
  const open = display === 'in-progress';
  const stored = file.data?.[0] ?? null;

  const clearChoice = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  async function send() {
    const refusal = checkChosenFile(chosen);
    if (refusal || !chosen) {
      setNotice({
        severity: 'error',
        text:
          refusal === 'tooLarge'
            ? t.tooLarge(MAX_MB)
            : refusal === 'wrongExtension'
              ? t.wrongExtension
              : t.noFile,
      });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const answer = await sendUpload(
        place,
        { email: user.email, name: `${user.firstname} ${user.name}` },
        chosen,
      );
      setNotice(
        answer.message === UPLOAD_SUCCESS_ANSWER
          ? { severity: 'success', text: t.success }
          : { severity: 'error', text: t.alreadySent },
      );
      clearChoice();
      queryClient.setQueryData(key, [answer.file]);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.CONFLICT) {
        setNotice({ severity: 'error', text: t.alreadySent });
        void queryClient.invalidateQueries({ queryKey: key });
      } else if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // The server's reason: the content is not a document, too large, the exam closed…
        setNotice({ severity: 'error', text: error.message });
      } else {
        // SPEC §8 1902 'Error while uploading file': the chosen file stays, to send again.
        showCatalogueError(errorCatalogue.uploadFile);
        setNotice({ severity: 'error', text: errorCatalogue.uploadFile.message });
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove(target: UploadedFile) {
    setConfirming(null);
    setBusy(true);
    try {
      await deleteUpload(target.id);
      queryClient.setQueryData(key, []);
      setNotice({ severity: 'success', text: t.deleted });
    } catch (error) {
      const reason =
        isApiError(error) && error.status >= 400 && error.status < 500 ? ` : ${error.message}` : '';
      setNotice({ severity: 'error', text: `${t.deleteFailed}${reason}` });
      void queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(false);
    }
  }

  async function download(target: UploadedFile) {
    try {
      saveFile(await uploadDownloadUrl(target.id), target.name);
    } catch {
      showToast({ message: messages.common.downloadFailed, severity: 'error' });
    }
  }

  const noticeView = notice && (
    <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </Alert>
  );

  if (file.isPending) return <Skeleton variant="rounded" height={96} aria-hidden />;
  if (file.isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={() => void file.refetch()}>
            {messages.dashboard.retry}
          </Button>
        }
      >
        {errorCatalogue.checkFile.message}
      </Alert>
    );
  }

  if (stored) {
    return (
      <Stack spacing={2}>
        {noticeView}
        <Box
          sx={{
            p: 2,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
          }}
        >
          <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t.yourFile}
            </Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{stored.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t.sentAt(formatDateTime(stored.createdTime, timeZone))}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void download(stored)} sx={{ minHeight: 44 }}>
              {t.download}
            </Button>
            {open && (
              <Button
                color="error"
                variant="outlined"
                disabled={busy}
                onClick={() => setConfirming(stored)}
                sx={{ minHeight: 44 }}
              >
                {t.delete}
              </Button>
            )}
          </Stack>
        </Box>
        {!open && <Typography color="text.secondary">{t.locked}</Typography>}
        <Dialog
          open={confirming !== null}
          onClose={() => setConfirming(null)}
          aria-describedby={`${inputId}-confirm`}
        >
          <DialogContent>
            <DialogContentText id={`${inputId}-confirm`}>{t.confirmDelete}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)}>{t.cancel}</Button>
            <Button color="error" variant="contained" onClick={() => confirming && void remove(confirming)}>
              {t.confirmDeleteAction}
            </Button>
          </DialogActions>
        </Dialog>
      </Stack>
    );
  }

  if (!open) {
    return (
      <Stack spacing={2}>
        {noticeView}
        <Typography>{t.noneSent}</Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {t.rules(examEnd ? formatDateTime(examEnd, timeZone) : '—', MAX_MB)}
      </Typography>
      {noticeView}
      {/* The browser's own file button speaks the browser's language: ours speaks the page's, and
          the input stays the focusable, labelled control (visually hidden, its focus drawn on the label). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box
          component="label"
          htmlFor={inputId}
          sx={{
            position: 'relative',
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            px: 2,
            borderRadius: 1,
            border: 1,
            borderColor: 'primary.main',
            color: 'primary.main',
            fontWeight: 600,
            cursor: busy ? 'default' : 'pointer',
            '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {t.chooseLabel}
          <Box
            component="input"
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              setNotice(null);
              setChosen(event.target.files?.[0] ?? null);
            }}
            sx={{
              // '1px', not 1: MUI reads 1 as 100 %.
              position: 'absolute',
              left: 0,
              top: 0,
              width: '1px',
              height: '1px',
              opacity: 0,
              overflow: 'hidden',
              clipPath: 'inset(50%)',
            }}
          />
        </Box>
        <Typography aria-live="polite" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {chosen ? t.chosen(chosen.name) : t.noFileChosen}
        </Typography>
      </Box>
      <Button
        variant="contained"
        size="large"
        disabled={busy}
        onClick={() => void send()}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}
      >
        {busy ? t.sending : t.send}
      </Button>
    </Stack>
  );
}

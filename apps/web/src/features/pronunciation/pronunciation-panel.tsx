import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ErrorCode, isLookupWord, messages, type DictionaryAnswer } from '@medenglish/shared';
import { isApiError } from '../../lib/api-error';
import { speak, useBritishVoices } from '../../lib/speech';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';
import { DictionaryResult } from './dictionary-result';
import { lookUpWord, serverSpeech, SERVER_VOICES } from './dictionary-api';

const t = messages.pronunciation;

/**
 * Why the server did not read the word, in its own words when it said (issue 32): a word it does
 * not know (404), too many new words (429), its engines busy (503); otherwise "unavailable".
 */
const speechFailure = (error: unknown) =>
  isApiError(error, ErrorCode.NOT_FOUND) ||
  isApiError(error, ErrorCode.RATE_LIMITED) ||
  isApiError(error, ErrorCode.OVERLOADED)
    ? error.message
    : t.speechUnavailable;

/**
 * The pronunciation and dictionary box (SPEC §1, §9; issue 15): a word of more than 2 characters
 * is read with the chosen en-GB voice — the browser's own, or the server's where the browser has
 * none — and looked up: our glossary's term first, meanings by part of speech, at most 5
 * synonyms and 5 antonyms; an unknown word gets close spellings. The voice chosen is remembered.
 */
export default function PronunciationPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const browserVoices = useBritishVoices();
  const choices = [
    ...browserVoices.map((v) => ({ id: `browser:${v.name}`, name: v.name })),
    ...SERVER_VOICES.map((v) => ({ id: v.id, name: t.serverVoice(v.name) })),
  ];
  const stored = readStorage(storageKeys.voice);
  const voiceId = choices.some((c) => c.id === stored) ? stored! : choices[0]!.id;
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<DictionaryAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [, rerender] = useState(0);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  /** SPEC §1: more than 2 characters; says why otherwise. */
  const valid = (w: string) => {
    const problem = w.trim().length <= 2 ? t.tooShort : !isLookupWord(w) ? t.invalidWord : null;
    setError(problem);
    return problem === null;
  };

  async function listen(w = word) {
    if (!valid(w)) return;
    if (voiceId.startsWith('browser:')) {
      const voice = browserVoices.find((v) => `browser:${v.name}` === voiceId);
      if (voice) return speak(w.trim(), voice);
    }
    const server = SERVER_VOICES.find((v) => v.id === voiceId) ?? SERVER_VOICES[0];
    try {
      const { url } = await serverSpeech(w, server.voice);
      audio.current?.pause();
      audio.current = new Audio(url);
      await audio.current.play();
    } catch (failure) {
      setError(speechFailure(failure));
    }
  }

  async function lookUp(w = word) {
    if (!valid(w)) return;
    setBusy(true);
    try {
      setAnswer(await lookUpWord(w));
    } catch {
      setAnswer(null);
      setError(t.lookupFailed);
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void lookUp();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent>
        <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            label={t.wordLabel}
            value={word}
            onChange={(e) => {
              setWord(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            autoFocus
            slotProps={{
              htmlInput: { lang: 'en', maxLength: 40, autoCapitalize: 'none', spellCheck: false },
            }}
          />
          <TextField
            select
            label={t.voice}
            value={voiceId}
            onChange={(e) => {
              writeStorage(storageKeys.voice, e.target.value);
              rerender((n) => n + 1);
            }}
          >
            {choices.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void listen()} sx={{ minHeight: 44 }}>
              {t.listen}
            </Button>
            <Button type="submit" variant="outlined" sx={{ minHeight: 44 }}>
              {t.lookUp}
            </Button>
          </Box>
        </Box>
        {busy && <LinearProgress aria-label={messages.common.loading} sx={{ mt: 2 }} />}
        {answer && !busy && (
          <Box sx={{ mt: 2 }}>
            <DictionaryResult
              answer={answer}
              onPick={(w) => {
                setWord(w);
                void lookUp(w);
              }}
            />
          </Box>
        )}
        {error === t.lookupFailed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUDIO_MAX_PLAYS, ErrorCode, messages } from '@medenglish/shared';
import { useToast } from '../toast';
import { errorMessage, isApiError } from '../../lib/api-error';
import { VolumeUpIcon } from './question-icons';

export interface AudioPlayerProps {
  /**
   * Records one play on the server before the sound goes on (the placement test's or an exam's
   * counter); refused with 409 CONFLICT once the plays are used up.
   */
  countPlay(): Promise<{ plays: number }>;
  url: string;
  attribution: string | null;
  /** Plays counted by the server so far (init's audioPlays, then each play's answer). */
  plays: number;
  onPlayed(plays: number): void;
}

type Status = 'idle' | 'starting' | 'playing';

/**
 * SPEC §4/§9: an audio question can be played at most twice. The server counts the plays, so the
 * limit holds across reloads and devices: each play is recorded (PUT /test/{id}/audio) as soon as
 * the sound starts, and stopped at once if the server refuses it. There are no player controls, so
 * pausing and seeking cannot turn into extra listening.
 */
export function AudioPlayer({ countPlay, url, attribution, plays, onPlayed }: AudioPlayerProps) {
  const { showToast } = useToast();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const remaining = Math.max(0, AUDIO_MAX_PLAYS - plays);
  const mediaFailed = () => showToast({ message: messages.placement.mediaError, severity: 'error' });
  // Unavailable, never disabled: a disabled button drops the keyboard focus to the top of the
  // page, seven Tabs away from the answers (issue 10). aria-disabled keeps it where it was.
  const unavailable = remaining === 0 || status !== 'idle';

  // Leaving the question stops the recording.
  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  const play = async () => {
    const audio = audioRef.current;
    if (!audio || remaining === 0 || status !== 'idle') return;
    setStatus('starting');
    // play() is called inside the click itself (Safari refuses to start audio once the gesture is
    // over), and the play is counted only once sound has started: a clip that fails to load never
    // costs one of the two listens.
    audio.currentTime = 0;
    try {
      await audio.play();
    } catch {
      setStatus('idle');
      mediaFailed();
      return;
    }
    try {
      const counted = await countPlay();
      onPlayed(counted.plays);
      setStatus('playing');
    } catch (error) {
      // Refused (both listens already used, e.g. on another device) or not recorded: stop.
      audio.pause();
      setStatus('idle');
      if (isApiError(error, ErrorCode.CONFLICT)) {
        onPlayed(AUDIO_MAX_PLAYS);
        showToast({ message: messages.placement.audioLimit, severity: 'warning' });
      } else {
        showToast({ message: errorMessage(error), severity: 'error' });
      }
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <audio
        ref={audioRef}
        src={url}
        preload="auto"
        onEnded={() => setStatus('idle')}
        onError={mediaFailed}
      />
      <Button
        variant="contained"
        color="secondary"
        size="large"
        startIcon={<VolumeUpIcon />}
        onClick={play}
        aria-disabled={unavailable || undefined}
        sx={{
          minHeight: 48,
          minWidth: 160,
          // The look of a disabled button, without its loss of focus.
          ...(unavailable && { opacity: 0.6, cursor: 'default', boxShadow: 'none' }),
        }}
      >
        {status === 'playing' ? messages.placement.playing : messages.placement.playAudio}
      </Button>
      <Typography aria-live="polite" color="text.secondary">
        {messages.placement.playsLeft(remaining)}
      </Typography>
      {attribution && (
        <Typography variant="caption" color="text.secondary">
          {attribution}
        </Typography>
      )}
    </Stack>
  );
}

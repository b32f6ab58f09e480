import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorCode, messages } from '@medenglish/shared';
import { useToast } from '../toast';
import { errorMessage, isApiError } from '../../lib/api-error';
import {
  counted,
  end,
  failedToStart,
  initialListens,
  listenOffer,
  listensLeft,
  press,
  stop,
  type Listens,
} from './audio-listens';
import { ReplayIcon, VolumeUpIcon } from './question-icons';

export interface AudioPlayerProps {
  /**
   * Counts one listen on the server (the placement test's counter); refused with 409 CONFLICT
   * once both are spent.
   */
  countPlay(): Promise<{ plays: number }>;
  url: string;
  attribution: string | null;
  /** Listens counted by the server so far (init's audioPlays, then each count's answer). */
  plays: number;
  onPlayed(plays: number): void;
  /**
   * Where an unfinished play of this clip stopped (seconds), null when none: kept by the screen
   * above, since the clip's next question goes on with it (audio-listens.ts).
   */
  stoppedAt: number | null;
  onStopped(at: number | null): void;
  /** True once the answer is submitted: the sound stops, and that costs no listen. */
  halted?: boolean;
}

/**
 * SPEC §4/§9: an audio question can be heard at most twice. The server counts the listens, so
 * the limit holds across reloads and devices; a listen is counted when a play reaches its end, or
 * when the learner starts again from the beginning a play left unfinished (audio-listens.ts).
 * There are no player controls, so seeking cannot turn into extra listening; a play stopped by
 * the answer or by the phone can be resumed where it stopped, as the same listen.
 */
export function AudioPlayer(props: AudioPlayerProps) {
  const { countPlay, url, attribution, plays, onPlayed, onStopped, halted } = props;
  const { showToast } = useToast();
  const audioRef = useRef<HTMLAudioElement>(null);
  const mainRef = useRef<HTMLButtonElement>(null);
  const [listens, setListens] = useState<Listens>(() => initialListens(plays, props.stoppedAt));
  // The state events read (they come between renders), and the callbacks of the last render.
  const current = useRef(listens);
  const latest = useRef({ onPlayed, onStopped });
  useEffect(() => {
    latest.current = { onPlayed, onStopped };
  });

  const apply = (next: Listens) => {
    const before = current.current;
    current.current = next;
    setListens(next);
    if (next.counted !== before.counted) latest.current.onPlayed(next.counted);
    if (next.stoppedAt !== before.stoppedAt) latest.current.onStopped(next.stoppedAt);
  };

  // Counted elsewhere meanwhile (another tab, a reload of the test): the server's count wins.
  useEffect(() => {
    if (plays > current.current.counted) apply({ ...current.current, counted: plays });
  }, [plays]);
  // The question before on this clip stopped its play as this one was drawn: go on from there.
  const { stoppedAt } = props;
  useEffect(() => {
    const state = current.current;
    if (!state.playing && state.stoppedAt !== stoppedAt) apply({ ...state, stoppedAt });
  }, [stoppedAt]);

  const mediaFailed = () => showToast({ message: messages.placement.mediaError, severity: 'error' });

  /** Asks the server to count one listen, then takes its answer. */
  const count = async () => {
    try {
      const answer = await countPlay();
      apply(counted(current.current, answer.plays));
    } catch (error) {
      if (isApiError(error, ErrorCode.CONFLICT)) {
        // Both listens were spent (on another device, say): the sound stops at once.
        audioRef.current?.pause();
        apply(counted(current.current, 'refused'));
        showToast({ message: messages.placement.audioLimit, severity: 'warning' });
      } else {
        apply(counted(current.current, 'failed'));
        showToast({ message: errorMessage(error), severity: 'error' });
      }
    }
  };

  const onPress = async (action: 'start' | 'resume') => {
    const audio = audioRef.current;
    const before = current.current;
    const step = audio ? press(before, action) : null;
    if (!audio || !step) return;
    apply(step.next);
    // Starting again removes its button: the focus goes to the one that stays (now 'Playing…').
    if (action === 'start') mainRef.current?.focus();
    // play() is called inside the press itself (Safari refuses to start audio once the gesture
    // is over); a listen due now (the unfinished one, when starting again) is counted once the
    // sound has started, so that a clip that fails to load costs nothing.
    audio.currentTime = step.from;
    try {
      await audio.play();
    } catch {
      apply(failedToStart(before));
      mediaFailed();
      return;
    }
    if (step.count > 0) await count();
  };

  // The answer is submitted: the sound stops, and the play is kept as unfinished.
  useEffect(() => {
    const audio = audioRef.current;
    if (!halted || !audio || !current.current.playing) return;
    audio.pause();
    apply(stop(current.current, audio.currentTime));
  }, [halted]);

  // Leaving the question stops the sound: the play is kept as unfinished, for the clip's next
  // question. (React no longer delivers the pause event of an element it is removing.)
  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (!audio) return;
      audio.pause();
      const state = current.current;
      if (!state.playing) return;
      current.current = stop(state, audio.currentTime);
      latest.current.onStopped(current.current.stoppedAt);
    };
  }, []);

  const onPause = () => {
    const audio = audioRef.current;
    // At its end a media element pauses, then says it ended: that is handled by onEnded.
    if (!audio || audio.ended) return;
    apply(stop(current.current, audio.currentTime));
  };
  const onEnded = () => {
    if (!current.current.playing) return;
    apply(end(current.current).next);
    void count();
  };
  // Played again from outside the page (the phone's media controls): the same play goes on.
  const onPlay = () => {
    const state = current.current;
    if (!state.playing && state.stoppedAt !== null) apply({ ...state, playing: true, stoppedAt: null });
  };

  const offer = listenOffer(listens);
  const remaining = listensLeft(listens);
  const isResume = offer.resume;
  const mainAvailable = isResume || offer.start;
  const mainLabel = listens.playing
    ? messages.placement.playing
    : isResume
      ? messages.placement.resumeAudio
      : messages.placement.playAudio;
  const showRestart = isResume && offer.start;

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <audio
        ref={audioRef}
        src={url}
        preload="auto"
        onEnded={onEnded}
        onPause={onPause}
        onPlay={onPlay}
        onError={mediaFailed}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <PlayerButton
          buttonRef={mainRef}
          label={mainLabel}
          available={mainAvailable}
          variant="contained"
          icon={<VolumeUpIcon />}
          onClick={() => void onPress(isResume ? 'resume' : 'start')}
        />
        {showRestart && (
          <PlayerButton
            label={messages.placement.restartAudio}
            available
            variant="outlined"
            icon={<ReplayIcon />}
            onClick={() => void onPress('start')}
          />
        )}
      </Stack>
      <Typography aria-live="polite" color="text.secondary">
        {messages.placement.playsLeft(remaining)}
      </Typography>
      {showRestart && (
        <Typography variant="body2" color="text.secondary">
          {messages.placement.restartCounts}
        </Typography>
      )}
      {attribution && (
        <Typography variant="caption" color="text.secondary">
          {attribution}
        </Typography>
      )}
    </Stack>
  );
}

function PlayerButton(props: {
  buttonRef?: Ref<HTMLButtonElement>;
  label: string;
  available: boolean;
  variant: 'contained' | 'outlined';
  icon: ReactNode;
  onClick(): void;
}) {
  const unavailable = !props.available;
  return (
    // Unavailable, never disabled: a disabled button drops the keyboard focus to the top of the
    // page, seven Tabs away from the answers (issue 10). aria-disabled keeps it where it was.
    <Button
      ref={props.buttonRef}
      variant={props.variant}
      color="secondary"
      size="large"
      startIcon={props.icon}
      onClick={unavailable ? undefined : props.onClick}
      aria-disabled={unavailable || undefined}
      sx={{
        minHeight: 48,
        minWidth: 160,
        // The look of a disabled button, without its loss of focus.
        ...(unavailable && { opacity: 0.6, cursor: 'default', boxShadow: 'none' }),
      }}
    >
      {props.label}
    </Button>
  );
}

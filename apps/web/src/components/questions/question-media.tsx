import Box from '@mui/material/Box';
import type { PlacementQuestion } from '@medenglish/shared';
import { BLANK, messages } from '@medenglish/shared';
import { useToast } from '../toast';
import { AudioPlayer } from './audio-player';

export interface QuestionMediaProps {
  /** Counts one listen of an audio file on the server (AudioPlayer). */
  countPlay(filename: string): Promise<{ plays: number }>;
  question: PlacementQuestion;
  audioPlays: Record<string, number>;
  onAudioPlayed(filename: string, plays: number): void;
  /** Where an unfinished play of each audio file stopped (seconds), for its next questions. */
  audioStops: Record<string, number>;
  onAudioStopped(filename: string, at: number | null): void;
  /** The answer is submitted: a playing recording stops, at no cost. */
  halted?: boolean;
}

/** The question's picture (described by its prompt) or recording. */
export function QuestionMedia(props: QuestionMediaProps) {
  const { countPlay, question, audioPlays, onAudioPlayed, audioStops, onAudioStopped } = props;
  const { showToast } = useToast();
  const media = question.media;
  if (!media) return null;

  if (media.type === 'audio') {
    return (
      <AudioPlayer
        countPlay={() => countPlay(media.filename)}
        url={media.url}
        attribution={media.audioAttribution}
        plays={audioPlays[media.filename] ?? 0}
        onPlayed={(plays) => onAudioPlayed(media.filename, plays)}
        stoppedAt={audioStops[media.filename] ?? null}
        onStopped={(at) => onAudioStopped(media.filename, at)}
        halted={props.halted}
      />
    );
  }
  return (
    // Drawings are made for a light background: they keep it in the dark theme too.
    <Box
      sx={{
        alignSelf: 'center',
        width: '100%',
        display: 'flex',
        justifyContent: 'center',
        bgcolor: '#ffffff',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 1.5,
      }}
    >
      <Box
        component="img"
        src={media.url}
        alt={question.name.split(BLANK).join('…')}
        onError={() => showToast({ message: messages.placement.mediaError, severity: 'error' })}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: { xs: 240, sm: 300 }, objectFit: 'contain' }}
      />
    </Box>
  );
}

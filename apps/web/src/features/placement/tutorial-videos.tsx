import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, TUTORIAL_VIDEOS } from '@medenglish/shared';
import { useToast } from '../../components/toast';

/** Where the tutorial's files are served (SPEC §7: media under /resources/video). */
export const tutorialBase = (n: number) => `/media/resources/video/tutorial-${n}`;

/**
 * SPEC §2/§9: after the results, three tutorial videos one after the other, then the platform. The
 * learner may go on without watching to the end.
 */
export function TutorialVideos({
  video,
  onNext,
  onDone,
}: {
  /** 1 to TUTORIAL_VIDEOS. */
  video: number;
  onNext(): void;
  onDone(): void;
}) {
  const { showToast } = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const n = Math.min(TUTORIAL_VIDEOS, Math.max(1, video));
  const base = tutorialBase(n);
  const isLast = n === TUTORIAL_VIDEOS;

  useEffect(() => {
    headingRef.current?.focus();
  }, [n]);

  return (
    <Stack spacing={2.5}>
      <Typography
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        component="h2"
        variant="h2"
        sx={{ outline: 'none' }}
      >
        {messages.placement.tutorialTitle(n, TUTORIAL_VIDEOS)}
      </Typography>
      <Box
        key={n}
        component="video"
        controls
        playsInline
        preload="metadata"
        poster={`${base}.jpg`}
        src={`${base}.mp4`}
        aria-labelledby={headingId}
        onError={() => showToast({ message: messages.placement.mediaError, severity: 'error' })}
        sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 2, display: 'block' }}
      >
        <track
          kind="subtitles"
          srcLang="fr"
          label={messages.placement.subtitles}
          src={`${base}.vtt`}
          default
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          size="large"
          onClick={isLast ? onDone : onNext}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 220, minHeight: 48 }}
        >
          {isLast ? messages.placement.tutorialDone : messages.placement.tutorialNext}
        </Button>
      </Box>
    </Stack>
  );
}

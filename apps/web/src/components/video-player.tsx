import { useEffect, useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';

interface VideoPlayerProps {
  src: string;
  poster?: string;
  captions?: { src: string; srcLang: string; label: string } | null;
  /** The id of the element naming the video (its title). */
  labelledBy: string;
  /** The id of the element describing the keyboard shortcuts. */
  describedBy?: string;
  autoFocus?: boolean;
  onError?(): void;
}

const SEEK_SECONDS = 5;

/**
 * The browser's own player (its controls are keyboard-reachable and read by screen readers) with
 * captions on by default and the shortcuts learners know from video sites, active while the video
 * has focus: Space/K play or pause, ←/→ seek 5 s, C captions, M sound, F full screen.
 */
export function VideoPlayer({
  src,
  poster,
  captions,
  labelledBy,
  describedBy,
  autoFocus,
  onError,
}: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  // After a dialog's focus trap has placed focus on its container: the video takes it then, so
  // the shortcuts work at once.
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);

  function onKeyDown(event: KeyboardEvent<HTMLVideoElement>) {
    const video = ref.current;
    if (!video || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const act = (action: () => void) => {
      event.preventDefault();
      action();
    };
    if (key === ' ' || key === 'k')
      act(() => void (video.paused ? video.play().catch(() => {}) : video.pause()));
    else if (key === 'arrowleft')
      act(() => (video.currentTime = Math.max(0, video.currentTime - SEEK_SECONDS)));
    else if (key === 'arrowright')
      act(() => (video.currentTime = Math.min(video.duration || Infinity, video.currentTime + SEEK_SECONDS)));
    else if (key === 'm') act(() => (video.muted = !video.muted));
    else if (key === 'c')
      act(() => {
        const track = video.textTracks[0];
        if (track) track.mode = track.mode === 'showing' ? 'hidden' : 'showing';
      });
    else if (key === 'f')
      act(() => {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
        else void video.requestFullscreen?.().catch(() => {});
      });
  }

  return (
    <Box
      ref={ref}
      component="video"
      controls
      playsInline
      preload="metadata"
      poster={poster}
      src={src}
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onError={onError}
      sx={{
        width: '100%',
        aspectRatio: '16 / 9',
        bgcolor: '#000',
        borderRadius: 2,
        display: 'block',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {captions && (
        <track kind="captions" srcLang={captions.srcLang} label={captions.label} src={captions.src} default />
      )}
    </Box>
  );
}

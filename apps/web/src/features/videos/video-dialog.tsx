import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { messages, type Video } from '@medenglish/shared';
import { VideoPlayer } from '../../components/video-player';
import { useToast } from '../../components/toast';
import { thumbnailFile, videoFile } from './videos-api';

const t = messages.videos;

/** The player of one video: full screen on a phone, its English captions on, the shortcuts said. */
export function VideoDialog({ video, onClose }: { video: Video; onClose(): void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const helpId = useId();
  const { showToast } = useToast();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} lang="en-GB">
        {video.title}
      </DialogTitle>
      <DialogContent>
        <VideoPlayer
          src={videoFile(video.filename)}
          poster={video.thumbnail ? thumbnailFile(video.thumbnail) : undefined}
          captions={
            video.captions ? { src: videoFile(video.captions), srcLang: 'en', label: t.captions } : null
          }
          labelledBy={titleId}
          describedBy={helpId}
          autoFocus
          onError={() => showToast({ message: messages.placement.mediaError, severity: 'error' })}
        />
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t.keyboard}
        </Typography>
        {video.credits && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t.credits(video.credits)}
          </Typography>
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

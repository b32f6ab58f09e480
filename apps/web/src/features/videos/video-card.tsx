import { memo, useId } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messages, videoLength, type Video } from '@medenglish/shared';
import { CardThumbnail } from '../../components/card-thumbnail';
import { VideoLibraryIcon } from '../../components/icons';
import { thumbnailFile, videoFile } from './videos-api';

const t = messages.videos;

/**
 * One video of the library: its thumbnail and title open the player; its length, tags and, when
 * there is one, its PDF handout (a plain download link).
 */
export const VideoCard = memo(function VideoCard({ video, onPlay }: { video: Video; onPlay(): void }) {
  const titleId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {/* The length sits over the picture but outside the button, whose name is "Watch …". */}
      <Box sx={{ position: 'relative' }}>
        <ButtonBase
          onClick={onPlay}
          aria-label={t.play(video.title)}
          focusRipple
          sx={{
            display: 'block',
            width: '100%',
            '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
          }}
        >
          <CardThumbnail
            src={video.thumbnail ? thumbnailFile(video.thumbnail) : null}
            Icon={VideoLibraryIcon}
          />
        </ButtonBase>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'rgba(0,0,0,0.78)',
            color: '#fff',
            fontSize: '0.8125rem',
            fontVariantNumeric: 'tabular-nums',
            pointerEvents: 'none',
          }}
        >
          {videoLength(video.duration)}
        </Box>
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" lang="en-GB" sx={{ fontWeight: 700 }}>
          {video.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.duration(videoLength(video.duration))}
        </Typography>
        {video.tags.length > 0 && (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
          >
            {video.tags.map((tag) => (
              <li key={tag}>
                <Chip size="small" label={tag} lang="en-GB" />
              </li>
            ))}
          </Box>
        )}
        {video.pdf && (
          <Link
            href={`${videoFile(video.pdf)}?filename=${encodeURIComponent(video.pdf)}`}
            download={video.pdf}
            aria-label={t.pdfOf(video.title)}
            sx={{ mt: 'auto', alignSelf: 'flex-start', py: 1 }}
          >
            {t.pdf}
          </Link>
        )}
      </CardContent>
    </Card>
  );
});

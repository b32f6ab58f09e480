import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { cardGrid } from '../../components/card-grid';
import { visuallyHidden } from '../../components/visually-hidden';
import { VideoCard } from './video-card';
import { VideoDialog } from './video-dialog';
import { videosQuery } from './videos-api';

const t = messages.videos;

/**
 * SPEC §2 /videos (issue 14): the video library as a grid of cards; a card opens its player. The
 * video playing is in the address (?video=id), so a reload or a shared link opens it again and
 * the browser's Back closes it. A list that cannot be read shows as empty (SPEC §8).
 */
export default function VideosPage() {
  const videos = useQuery(videosQuery());
  const [params, setParams] = useSearchParams();
  const playing = videos.data?.find((v) => v._id === params.get('video')) ?? null;

  if (videos.isPending) return <VideosSkeleton />;
  const list = videos.data ?? [];
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Typography color="text.secondary">{t.intro}</Typography>
      {list.length === 0 ? (
        <Typography>{t.empty}</Typography>
      ) : (
        <Box component="ul" sx={cardGrid}>
          {list.map((video) => (
            <li key={video._id}>
              <VideoCard video={video} onPlay={() => setParams({ video: video._id })} />
            </li>
          ))}
        </Box>
      )}
      {playing && <VideoDialog video={playing} onClose={() => setParams({}, { replace: false })} />}
    </Stack>
  );
}

function VideosSkeleton() {
  return (
    <Box aria-busy="true" sx={{ maxWidth: 1200 }}>
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Skeleton variant="text" width="60%" sx={{ mb: 2 }} />
      <Box sx={cardGrid}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={300} />
        ))}
      </Box>
    </Box>
  );
}

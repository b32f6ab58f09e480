import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { messages } from '@medenglish/shared';

/** Shown while a lazily loaded chunk arrives. */
export function LazyFallback({ minHeight = 160 }: { minHeight?: number | string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <CircularProgress aria-label={messages.common.loading} />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';

/**
 * Shown when a screen throws or a lazy chunk fails to load (typically after a deployment replaced
 * the files): reloading fetches the new ones.
 */
export function RouteError() {
  return (
    <Box component="main" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography component="h1" variant="h1">
        {messages.common.unexpected}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {messages.common.reload}
      </Button>
    </Box>
  );
}

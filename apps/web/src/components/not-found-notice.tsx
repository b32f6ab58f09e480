import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';

/**
 * What a route shows while its screen does not exist yet, and for unknown paths: an honest "not
 * found" with a way back, never a promise.
 */
export function NotFoundNotice({ showBackLink = true }: { showBackLink?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography component="h2" variant="h2" gutterBottom>
        {messages.common.notFound}
      </Typography>
      <Typography sx={{ mb: showBackLink ? 2 : 0 }}>{messages.common.notFoundBody}</Typography>
      {showBackLink && (
        <Link component={RouterLink} to="/dashboard">
          {messages.common.backToDashboard}
        </Link>
      )}
    </Paper>
  );
}

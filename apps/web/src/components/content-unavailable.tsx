import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';

/**
 * SPEC §2: what /dashboard, /profile and /group show to a learner without any group yet — the
 * content is not available yet, with a link to /help.
 */
export function ContentUnavailable() {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="content-unavailable-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, borderRadius: 2 }}
    >
      <Typography id="content-unavailable-title" component="h2" variant="h2" gutterBottom>
        {messages.dashboard.noContentTitle}
      </Typography>
      <Typography sx={{ mb: 2 }}>{messages.dashboard.noContentBody}</Typography>
      <Link component={RouterLink} to="/help" sx={{ fontWeight: 600 }}>
        {messages.dashboard.noContentHelp}
      </Link>
    </Paper>
  );
}

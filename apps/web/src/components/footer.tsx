import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_VERSION, messages } from '@medenglish/shared';

/** SPEC §1: the version and a copyright line, on the login page and in the shell. */
export function Footer() {
  return (
    <Box component="footer" sx={{ py: 2, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{messages.footer.version(APP_VERSION)}</Typography>
      <Typography variant="body2">{messages.footer.copyright(new Date().getFullYear())}</Typography>
    </Box>
  );
}

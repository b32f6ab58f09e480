import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { messages } from '@medenglish/shared';

const t = messages.dashboard;

/**
 * The learner or their groups could not be read: a short error with a retry, never the "content
 * not yet available" notice, which would tell the learner they have no group.
 */
export function DashboardLoadError({ retry, isRetrying }: { retry(): void; isRetrying: boolean }) {
  return (
    <Alert
      severity="error"
      sx={{ maxWidth: 720, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={retry} loading={isRetrying}>
          {t.retry}
        </Button>
      }
    >
      {t.loadFailed}
    </Alert>
  );
}

import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { useCurrentUser } from '../../api/user';
import { NotFoundNotice } from '../../components/not-found-notice';

/**
 * The dashboard of SPEC §2 is a later issue; for now it greets the learner, so that a login visibly
 * lands, above the same honest notice as the other screens to come.
 */
export default function DashboardPage() {
  const { data: user } = useCurrentUser();
  return (
    <Stack spacing={3}>
      {user ? (
        <Typography component="h2" variant="h2">
          {messages.dashboard.hello(user.firstname)}
        </Typography>
      ) : (
        <Skeleton variant="text" width={220} sx={{ fontSize: '1.6rem' }} />
      )}
      <NotFoundNotice showBackLink={false} />
    </Stack>
  );
}

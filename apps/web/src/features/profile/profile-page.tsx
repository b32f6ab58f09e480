import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { useCurrentUser } from '../../api/user';
import { ContentUnavailable } from '../../components/content-unavailable';
import { useCurrentGroup } from '../../lib/use-current-group';
import { NamesCard } from './names-card';
import { StudyTimeCard, SuccessRateCard } from './profile-cards';

/**
 * SPEC §2 /profile: greeting with first and last name; with groups the personal info, success-rate
 * and total connection time cards; without groups the "content not yet available" notice. The
 * redirect to /test while the placement test is pending is the route guard's (RequirePlacementDone).
 */
export default function ProfilePage() {
  const { data: user } = useCurrentUser();
  const { group, isLoading, isError } = useCurrentGroup();

  if (!user || isLoading) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="text" width={260} sx={{ fontSize: '1.6rem' }} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Typography component="h2" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
        {messages.profile.greeting(user.firstname, user.name)}
      </Typography>
      {/* Groups that failed to load are not "no groups": the shell reports 1101, the names stay. */}
      {group || isError ? (
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, sm: 3 },
            // Wide screens: the names on the left, the two figures stacked on the right.
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ gridRow: { md: 'span 2' } }}>
            <NamesCard user={user} />
          </Box>
          {group && <SuccessRateCard user={user} groupId={group._id} />}
          <StudyTimeCard />
        </Box>
      ) : (
        <ContentUnavailable />
      )}
    </Stack>
  );
}

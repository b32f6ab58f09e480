import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  errorCatalogue,
  formatHoursMinutes,
  goal,
  messages,
  minutesOf,
  successRate,
  type User,
} from '@medenglish/shared';
import { useGlobalResults } from '../../api/results';
import { useStudyTimeTotal } from '../../api/trackers';
import { ProgressCircle } from '../../components/progress-circle';
import { useToast } from '../../components/toast';
import { TimerIcon } from './profile-icons';

function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, display: 'flex', flexDirection: 'column' }}
    >
      <Typography id={id} component="h3" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const RING_SIZE = 112;

/** SPEC §2/§9: the quiz success rate of the current group against its goal (elearningTarget). */
export function SuccessRateCard({ user, groupId }: { user: User; groupId: string }) {
  const { data, isPending, isError } = useGlobalResults(user._id, user.email, groupId);
  const { showCatalogueError } = useToast();
  useEffect(() => {
    if (isError) showCatalogueError(errorCatalogue.missingGlobalResults);
  }, [isError, showCatalogueError]);

  const rate = data ? successRate(data[0]) : 0;
  const target = goal(data?.[1].elearningTarget);
  return (
    <ProfileCard id="profile-success-title" title={messages.profile.successRate}>
      {isPending ? (
        <Skeleton variant="circular" width={RING_SIZE} height={RING_SIZE} sx={{ mx: 'auto' }} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
          <ProgressCircle value={rate} label={messages.progress.successLabel(rate, target)}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
              {messages.progress.percent(rate)}
            </Typography>
          </ProgressCircle>
          <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
            {messages.progress.goal(target)}
          </Typography>
        </Box>
      )}
    </ProfileCard>
  );
}

/**
 * SPEC §2/§4: the learner's total connection time (GET /unittrackers/time/, re-read every 30 s),
 * linking to the results. SPEC §8: when the tracker fails, the time shows 00h00.
 */
export function StudyTimeCard() {
  const { data, isPending } = useStudyTimeTotal();
  return (
    <ProfileCard id="profile-time-title" title={messages.profile.totalTime}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <TimerIcon sx={{ fontSize: 40, color: 'primary.main' }} />
        {isPending ? (
          <Skeleton variant="text" width={120} sx={{ fontSize: '2rem' }} />
        ) : (
          <Typography sx={{ fontWeight: 700, fontSize: '2rem', fontVariantNumeric: 'tabular-nums' }}>
            {formatHoursMinutes(minutesOf(data?.seconds ?? 0))}
          </Typography>
        )}
      </Box>
      <Box>
        <Link component={RouterLink} to="/elearning/results" sx={{ fontWeight: 600 }}>
          {messages.profile.seeResults}
        </Link>
      </Box>
    </ProfileCard>
  );
}

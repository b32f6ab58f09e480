import { memo } from 'react';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { showsGroupCard } from '@medenglish/shared';
import { CompletionCard } from '../../components/completion-card';
import { DashboardGreeting } from './dashboard-greeting';
import { DashboardLoadError } from './dashboard-load-error';
import { DashboardSkeleton } from './dashboard-skeleton';
import { EvaluoCard } from './evaluo-card';
import { GroupCard } from './group-card';
import { LastActivityCard } from './last-activity-card';
import { LatestNotificationCard } from './latest-notification-card';
import { MedicalFactCard } from './medical-fact-card';
import { ContentUnavailable } from '../../components/content-unavailable';
import { NotificationsCard } from './notifications-card';
import { ResourcesCard } from './resources-card';
import { SemesterCard } from './semester-card';
import { StudyTimeCard } from '../../components/study-time-card';
import { SuccessRateCard } from '../../components/success-rate-card';
import { SurveyDialog } from './survey-dialog';
import { useRevealStages } from './use-reveal-stages';
import { useDashboardState, type DashboardContext } from './use-dashboard-context';
import { useQuizResults, useStudyTime } from '../../lib/use-group-results';

// The router starts the cards' reads when this chunk arrives (app/route-modules.ts preloadRouteChunks).
export { prefetchDashboard as prefetch } from './dashboard-prefetch';

/**
 * SPEC §2 /dashboard. The placement-test redirect is the route guard's (app/route-guards.tsx);
 * with no group data the page shows the "content not yet available" notice instead of the cards,
 * and when the learner or their groups cannot be read, a short error with a retry.
 */
export default function DashboardPage() {
  const state = useDashboardState();
  if (state.status === 'loading') return <DashboardSkeleton />;
  if (state.status === 'failed')
    return <DashboardLoadError retry={state.retry} isRetrying={state.isRetrying} />;
  if (state.status === 'no-group') return <ContentUnavailable />;
  return <Dashboard context={state.context} />;
}

/**
 * The cards. Drawn again only when the learner, company, group or day change: each card reads its
 * own data, so one answer arriving redraws one card, not the page (long tasks on a slow phone).
 */
const Dashboard = memo(function Dashboard({ context }: { context: DashboardContext }) {
  const { user, company, group } = context;
  const third = { xs: 12, md: 6, lg: 4 } as const;
  // The first row is drawn (and painted) on its own; the results, then the rest, follow.
  const stage = useRevealStages(2);

  return (
    <Stack spacing={3}>
      <DashboardGreeting firstname={user.firstname} today={context.today} />
      <Grid container spacing={2}>
        <Grid size={third}>
          <SemesterCard {...context} />
        </Grid>
        <Grid size={third}>
          <LastActivityCard {...context} />
        </Grid>
        <Grid size={{ xs: 12, md: 12, lg: 4 }}>
          <Stack spacing={2} direction={{ xs: 'column', md: 'row', lg: 'column' }} sx={{ height: '100%' }}>
            <ResourcesCard />
            {company?.activatedEvaluo && <EvaluoCard />}
          </Stack>
        </Grid>
        {stage >= 1 && <ResultsCards context={context} />}
        {stage >= 2 && (
          <>
            <Grid size={third}>
              <MedicalFactCard />
            </Grid>
            <Grid size={third}>
              <LatestNotificationCard {...context} />
            </Grid>
            <Grid size={{ xs: 12, md: 12, lg: 4 }}>
              <NotificationsCard {...context} />
            </Grid>
            {showsGroupCard(user.semester, group.semester) && (
              <Grid size={12}>
                <GroupCard {...context} />
              </Grid>
            )}
          </>
        )}
        {/* Until then the space below stays taken, so the footer does not jump down the screen. */}
        {stage < 2 && <Grid size={12} sx={{ minHeight: '100vh' }} />}
      </Grid>
      {stage >= 2 && <SurveyDialog user={user} />}
    </Stack>
  );
});

/** The three results cards of SPEC §2, which follow the trackers and global results. */
function ResultsCards({ context }: { context: DashboardContext }) {
  const studyTime = useStudyTime(context);
  const quiz = useQuizResults(context);
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }}>
        <StudyTimeCard {...studyTime} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SuccessRateCard {...quiz} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <CompletionCard {...quiz} />
      </Grid>
    </>
  );
}

import { useId } from 'react';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorCatalogue, messages } from '@medenglish/shared';
import { useCourseModules } from '../../api/modules';
import { CompletionCard } from '../../components/completion-card';
import { StudyTimeCard } from '../../components/study-time-card';
import { SuccessRateCard } from '../../components/success-rate-card';
import { useCatalogueToast } from '../../components/use-catalogue-toast';
import { visuallyHidden } from '../../components/visually-hidden';
import { useQuizResults, useStudyTime } from '../../lib/use-group-results';
import { ModulesLoadError } from './load-error';
import { ModuleResults } from './module-results';
import { ExamResults } from './exam-results';
import type { LearnerContext } from '../../lib/use-learner';
import { WithCurrentGroup } from './with-current-group';

const t = messages.elearning;
const cardSize = { xs: 12, md: 4 } as const;

/**
 * SPEC §2 /elearning/results: the summary cards of the dashboard (study time against the
 * objective, quiz success rate against the goal, program completion; toasts 2701/1401/2301 as
 * there), then a panel per module of the current group with its units' results.
 */
export default function ResultsPage() {
  return (
    <WithCurrentGroup skeleton={<ResultsSkeleton />}>
      {(context) => <Results {...context} />}
    </WithCurrentGroup>
  );
}

function Results(context: LearnerContext) {
  const studyTime = useStudyTime(context);
  const quiz = useQuizResults(context);
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={cardSize}>
          <StudyTimeCard {...studyTime} />
        </Grid>
        <Grid size={cardSize}>
          <SuccessRateCard {...quiz} />
        </Grid>
        <Grid size={cardSize}>
          <CompletionCard {...quiz} />
        </Grid>
      </Grid>
      <ModulesResults {...context} />
      <ExamResults userId={context.user._id} />
    </Stack>
  );
}

/**
 * The panels read the modules (GET /module/user); when they cannot be read, toast 2201 'Missing
 * progress by module' — what this part of the screen is — and an error with a retry.
 */
function ModulesResults({ user, group }: LearnerContext) {
  const headingId = useId();
  const modules = useCourseModules(user._id, group._id);
  useCatalogueToast(modules.isError, errorCatalogue.missingModuleProgress);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t.results.modulesHeading}
      </Typography>
      {modules.isPending ? (
        <PanelsSkeleton />
      ) : !modules.data ? (
        <ModulesLoadError query={modules} />
      ) : modules.data.length === 0 ? (
        <Typography color="text.secondary">{t.noModules}</Typography>
      ) : (
        <div>
          {modules.data.map((module) => (
            <ModuleResults key={module._id} module={module} />
          ))}
        </div>
      )}
    </Stack>
  );
}

function PanelsSkeleton() {
  return (
    <Stack spacing={1} aria-hidden data-testid="panels-skeleton">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

function ResultsSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true">
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Grid container spacing={2}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={cardSize}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
        ))}
      </Grid>
      <PanelsSkeleton />
    </Stack>
  );
}

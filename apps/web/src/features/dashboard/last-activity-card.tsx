import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorCatalogue, messages } from '@medenglish/shared';
import { useLatestActivity } from '../../api/trackers';
import { CardBodySkeleton, SectionCard } from '../../components/section-card';
import { PlayIcon } from './dashboard-icons';
import { useCatalogueToast } from '../../components/use-catalogue-toast';
import type { DashboardContext } from './use-dashboard-context';

const t = messages.dashboard;

/**
 * SPEC §2 last activity: continue the last unit (its module opened on it), or start the course
 * when there is none; toast 1301 when it cannot be read (the learner can still start the course).
 */
export function LastActivityCard({ user, group }: DashboardContext) {
  const { data, isPending, isError } = useLatestActivity(user._id, group._id);
  useCatalogueToast(isError, errorCatalogue.missingLastActivity);
  const activity = data?.module && data.unit ? { module: data.module, unit: data.unit } : null;

  return (
    <SectionCard title={t.lastActivityCard} icon={PlayIcon}>
      {isPending ? (
        <CardBodySkeleton lines={2} />
      ) : activity ? (
        <>
          <div>
            <Typography color="text.secondary">{activity.module.name}</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{activity.unit.name}</Typography>
          </div>
          <Button
            component={RouterLink}
            to={`/elearning/course/${encodeURIComponent(activity.module._id)}`}
            state={{ title: activity.module.name, selectedUnit: activity.unit._id }}
            variant="contained"
            aria-label={t.continueLabel(activity.unit.name)}
            sx={{ alignSelf: 'flex-start', mt: 'auto' }}
          >
            {t.continueCourse}
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary">{t.notStarted}</Typography>
          <Button
            component={RouterLink}
            to="/elearning/course"
            variant="contained"
            sx={{ alignSelf: 'flex-start', mt: 'auto' }}
          >
            {t.startCourse}
          </Button>
        </>
      )}
    </SectionCard>
  );
}

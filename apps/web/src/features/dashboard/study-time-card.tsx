import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { ProgressCaption, ProgressCircle } from '../../components/progress-circle';
import { CardBodySkeleton, DashboardCard } from './dashboard-card';
import { TimerIcon } from './dashboard-icons';
import type { StudyTimeFigures } from './results-figures';

const t = messages.dashboard;

/** SPEC §2 study time progress with objective: "HHhMM / HHhMM" in a circle, the objective below. */
export function StudyTimeCard({ figures, isPending }: { figures: StudyTimeFigures; isPending: boolean }) {
  return (
    <DashboardCard title={t.studyTimeCard} icon={TimerIcon}>
      {isPending ? (
        <CardBodySkeleton lines={1} circle />
      ) : (
        <>
          <ProgressCircle
            value={figures.percent}
            label={t.studyTimeLabel(figures.spent, figures.required, figures.percent)}
          >
            {/* "HHhMM / HHhMM" (SPEC §2), the total on a line of its own. */}
            <Typography
              sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.25, whiteSpace: 'pre-line' }}
            >
              {figures.spent}
              {'\n'}/ {figures.required}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {messages.progress.percent(figures.percent)}
            </Typography>
          </ProgressCircle>
          <ProgressCaption>{`${t.objective(figures.objectivePercent)} (${figures.objectiveTime})`}</ProgressCaption>
        </>
      )}
    </DashboardCard>
  );
}

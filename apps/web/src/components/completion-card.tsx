import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { CheckCircleIcon } from '../../components/icons';
import { ProgressCaption, ProgressCircle } from '../../components/progress-circle';
import { CardBodySkeleton, DashboardCard } from './dashboard-card';
import type { QuizFigures } from './results-figures';

const t = messages.dashboard;

/** SPEC §2 program completion percent. */
export function CompletionCard({ figures, isPending }: { figures: QuizFigures; isPending: boolean }) {
  return (
    <DashboardCard title={t.completionCard} icon={CheckCircleIcon}>
      {isPending ? (
        <CardBodySkeleton lines={1} circle />
      ) : (
        <>
          <ProgressCircle value={figures.completion} label={t.completionLabel(figures.completion)}>
            <Typography
              sx={{ fontWeight: 700, fontSize: { xs: '1.3rem', sm: '1.5rem' }, whiteSpace: 'nowrap' }}
            >
              {messages.progress.percent(figures.completion)}
            </Typography>
          </ProgressCircle>
          <ProgressCaption>{t.completionText}</ProgressCaption>
        </>
      )}
    </DashboardCard>
  );
}

import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { ProgressCaption, ProgressCircle } from './progress-circle';
import { CardBodySkeleton, SectionCard } from './section-card';
import { QuizIcon } from './results-icons';
import type { QuizFigures } from '../lib/results-figures';

const t = messages.dashboard;
const p = messages.progress;

/** SPEC §2 quiz success rate against the goal (elearningTarget). */
export function SuccessRateCard({ figures, isPending }: { figures: QuizFigures; isPending: boolean }) {
  return (
    <SectionCard title={t.successCard} icon={QuizIcon}>
      {isPending ? (
        <CardBodySkeleton lines={1} circle />
      ) : (
        <>
          <ProgressCircle value={figures.success} label={p.successLabel(figures.success, figures.goal)}>
            <Typography
              sx={{ fontWeight: 700, fontSize: { xs: '1.3rem', sm: '1.5rem' }, whiteSpace: 'nowrap' }}
            >
              {p.percent(figures.success)}
            </Typography>
          </ProgressCircle>
          <ProgressCaption>{p.goal(figures.goal)}</ProgressCaption>
        </>
      )}
    </SectionCard>
  );
}

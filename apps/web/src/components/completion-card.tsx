import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { CheckCircleIcon } from './icons';
import { ProgressCaption, ProgressCircle } from './progress-circle';
import { CardBodySkeleton, SectionCard } from './section-card';
import type { QuizFigures } from '../lib/results-figures';

const t = messages.dashboard;

/** SPEC §2 program completion percent. */
export function CompletionCard({ figures, isPending }: { figures: QuizFigures; isPending: boolean }) {
  return (
    <SectionCard title={t.completionCard} icon={CheckCircleIcon}>
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
    </SectionCard>
  );
}

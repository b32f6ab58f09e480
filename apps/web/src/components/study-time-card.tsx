import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { ProgressCaption, ProgressCircle } from './progress-circle';
import { CardBodySkeleton, SectionCard } from './section-card';
import { TimerIcon } from './results-icons';
import type { StudyTimeFigures } from '../lib/results-figures';

const t = messages.dashboard;

/**
 * SPEC §2 study time progress with objective: "HHhMM / HHhMM" in a circle, the objective below. A
 * group without an e-learning duration shows the time spent alone (100 %, SPEC §9) and says it has
 * no objective.
 */
export function StudyTimeCard({ figures, isPending }: { figures: StudyTimeFigures; isPending: boolean }) {
  const { spent, required, percent, objective } = figures;
  return (
    <SectionCard title={t.studyTimeCard} icon={TimerIcon}>
      {isPending ? (
        <CardBodySkeleton lines={1} circle />
      ) : (
        <>
          <ProgressCircle value={percent} label={t.studyTimeLabel(spent, required, percent)}>
            {/* "HHhMM / HHhMM" (SPEC §2), the total on a line of its own. */}
            <Typography
              sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.25, whiteSpace: 'pre-line' }}
            >
              {spent}
              {required !== null && `\n/ ${required}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {messages.progress.percent(percent)}
            </Typography>
          </ProgressCircle>
          <ProgressCaption>
            {objective ? `${t.objective(objective.percent)} (${objective.time})` : messages.group.noObjective}
          </ProgressCaption>
        </>
      )}
    </SectionCard>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { currentLanguage, formatDateTime, formatMark, LOCALES, messages } from '@medenglish/shared';
import { useExamResults } from '../../api/exam-results';

const t = messages.exam;

/**
 * Under the upcoming exams, the last exam the learner sent and its mark (issue 12: the result
 * reaches the dashboard). Read only while the Exams tab shows; nothing while loading, on failure
 * (SPEC §8 "Other failures are silent") or before a first exam.
 */
export function LatestExamResult({ userId, timeZone }: { userId: string; timeZone: string }) {
  const { data } = useExamResults(userId);
  const latest = data
    ?.filter((r) => r.finishedAt && r.examScores)
    .sort((a, b) => Date.parse(b.finishedAt!) - Date.parse(a.finishedAt!))[0];
  if (!latest?.examScores) return null;
  return (
    <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {t.latestResult}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{latest.name}</Typography>
      <Typography variant="body2">
        {t.score(formatMark(latest.examScores.outOf20, LOCALES[currentLanguage()]))} ·{' '}
        {formatDateTime(latest.finishedAt!, timeZone)}
      </Typography>
    </Box>
  );
}

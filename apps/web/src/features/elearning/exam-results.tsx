import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { currentLanguage, formatDateTime, formatMark, LOCALES, messages } from '@medenglish/shared';
import { useExamResults } from '../../api/exam-results';
import { useWrittenResults } from '../../api/written-results';
import { useServerTime } from '../../api/time';

const t = messages.exam;

/**
 * The learner's exams on the results page (issue 12: the exam's result reaches the results): each
 * quiz attempt, newest first, with the time it was sent and the mark the server computed, or "in
 * progress", and the written exams sent (issue 13). A failed read is silent (SPEC §8 "Other
 * failures are silent"): the section is left out.
 */
export function ExamResults({ userId }: { userId: string }) {
  const quizzes = useExamResults(userId);
  const written = useWrittenResults(userId);
  const timeZone = useServerTime().data?.timeZone ?? 'Europe/Paris';
  if (quizzes.isError) return null;
  // The quiz exams with their marks, and the written exams once sent (issue 13: marked by staff).
  const results = {
    isPending: quizzes.isPending || written.isPending,
    data: [
      ...(quizzes.data ?? []).map((r) => ({ ...r, key: r.testId, at: r.finishedAt ?? r.startedAt })),
      ...(written.data ?? [])
        .filter((w) => w.sentAt)
        .map((w) => ({
          key: w._id,
          name: t.typeNames[2]!,
          finishedAt: w.sentAt,
          examScores: null,
          at: w.sentAt!,
        })),
    ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)),
  };
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="exam-results-title"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Typography id="exam-results-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t.resultsTitle}
      </Typography>
      {results.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : results.data.length === 0 ? (
        <Typography color="text.secondary">{t.noResults}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {results.data.map((result) => (
            <Box
              component="li"
              key={result.key}
              sx={{
                borderLeft: 4,
                borderColor: result.finishedAt ? 'primary.main' : 'divider',
                pl: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                gap: 1,
              }}
            >
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{result.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {result.finishedAt ? t.sent(formatDateTime(result.finishedAt, timeZone)) : t.resultPending}
                </Typography>
              </Box>
              {result.examScores && (
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', alignSelf: 'center' }}>
                  {t.score(formatMark(result.examScores.outOf20, LOCALES[currentLanguage()]))}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

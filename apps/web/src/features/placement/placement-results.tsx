import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  currentLanguage,
  formatDecimal,
  levelFromScore,
  LOCALES,
  messages,
  type PlacementTest,
} from '@medenglish/shared';

type Scores = NonNullable<PlacementTest['scores']>;

/** Scores as the interface's language writes them: 6,5 in French, 6.5 in English. */
const formatScore = (score: number) => formatDecimal(score, LOCALES[currentLanguage()], 1);

/**
 * SPEC §2 results: knowledge, written comprehension, oral comprehension and the overall grade
 * (0–10), with the level of the overall grade (SPEC §9; the server's label when it sent one).
 * First of all, the word that the test is complete and the answers saved (issue 33): it takes
 * the focus, so that screen readers say it before the results.
 */
export function PlacementResults({
  scores,
  level,
  onContinue,
}: {
  scores: Scores | null;
  level: string | null;
  onContinue(): void;
}) {
  const completeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    completeRef.current?.focus();
  }, []);

  const rows = [
    { key: 'KN', score: scores?.scoreKN },
    { key: 'RC', score: scores?.scoreRC },
    { key: 'OC', score: scores?.scoreOC },
    { key: 'total', score: scores?.total },
  ];
  const levelLabel = level ?? (scores ? levelFromScore(scores.total).label : null);

  return (
    <Stack spacing={3}>
      <Alert
        ref={completeRef}
        tabIndex={-1}
        severity="success"
        role="status"
        sx={{
          outline: 'none',
          fontSize: '1.05rem',
          fontWeight: 600,
          alignItems: 'center',
        }}
      >
        {messages.placement.testComplete}
      </Alert>
      <Typography component="h2" variant="h2">
        {messages.placement.resultsTitle}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(({ key, score }) => {
            const isTotal = key === 'total';
            return (
              <Box
                key={key}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '1fr auto',
                  alignItems: 'baseline',
                  columnGap: 2,
                  rowGap: 1,
                  px: { xs: 2, sm: 3 },
                  py: 2,
                  borderTop: key === 'KN' ? 0 : isTotal ? 2 : 1,
                  borderColor: 'divider',
                  bgcolor: isTotal ? 'action.hover' : 'transparent',
                }}
              >
                <Typography component="dt" sx={{ fontWeight: isTotal ? 700 : 600 }}>
                  {messages.placement.results[key]}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontWeight: 700, fontSize: isTotal ? '1.4rem' : '1.15rem' }}
                >
                  {score === undefined ? '–' : messages.placement.scoreOutOf(formatScore(score))}
                </Typography>
                {score !== undefined && (
                  <Box component="dd" aria-hidden sx={{ m: 0, gridColumn: '1 / -1' }}>
                    <LinearProgress
                      variant="determinate"
                      value={Math.min(100, Math.max(0, score * 10))}
                      sx={{ height: 6, borderRadius: 3 }}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      </Paper>
      {levelLabel && (
        <Chip
          color="primary"
          label={messages.placement.levelLabel(levelLabel)}
          sx={{ alignSelf: 'flex-start', fontSize: '1.05rem', fontWeight: 700, height: 40, px: 1 }}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          size="large"
          onClick={onContinue}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 200, minHeight: 48 }}
        >
          {messages.placement.continue}
        </Button>
      </Box>
    </Stack>
  );
}

import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, PLACEMENT_MINUTES, type PlacementTest } from '@medenglish/shared';
import { ScheduleIcon } from './placement-icons';

const parts = ['KN', 'RC', 'OC'] as const;

/** SPEC §2 /test landing: what the test is, its three parts, how long it takes, Start or Resume. */
export function PlacementIntro({ test, onStart }: { test: PlacementTest; onStart(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isResuming = test.answers.length > 0;
  const descriptions = { KN: test.descriptionKN, RC: test.descriptionRC, OC: test.descriptionOC };

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Typography ref={headingRef} tabIndex={-1} component="h2" variant="h2" sx={{ outline: 'none' }}>
          {messages.placement.introTitle}
        </Typography>
        <Typography sx={{ fontSize: '1.05rem', lineHeight: 1.6 }}>{messages.placement.intro}</Typography>
        <Typography
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: 'text.secondary' }}
        >
          <ScheduleIcon fontSize="small" />
          {messages.placement.estimated(PLACEMENT_MINUTES)}
        </Typography>
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {parts.map((part, i) => (
          <Paper
            key={part}
            component="li"
            variant="outlined"
            sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, display: 'flex', gap: 2, alignItems: 'flex-start' }}
          >
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 36,
                height: 36,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontWeight: 700,
              }}
            >
              {i + 1}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
                {messages.placement.parts[part]}
              </Typography>
              <Typography sx={{ mt: 0.5 }}>{descriptions[part]}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {messages.placement.questionsCount(test.parts[part])}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          size="large"
          onClick={onStart}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 220, minHeight: 48 }}
        >
          {isResuming ? messages.placement.resume : messages.placement.start}
        </Button>
      </Box>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { formatClock } from './exam-clock';

const t = messages.exam;

/** The time left of an exam, as both exam screens show it; `urgent` draws it in the error colour. */
export function ExamTimer({ remaining, urgent = false }: { remaining: number; urgent?: boolean }) {
  return (
    <Typography
      role="timer"
      aria-label={t.timeLeftValue(formatClock(remaining))}
      sx={{
        fontWeight: 700,
        fontSize: '1.25rem',
        fontVariantNumeric: 'tabular-nums',
        color: urgent ? 'error.main' : 'text.primary',
        whiteSpace: 'nowrap',
      }}
    >
      <Box component="span" sx={{ fontWeight: 400, fontSize: '0.9rem', mr: 1, color: 'text.secondary' }}>
        {t.timeLeft}
      </Box>
      {formatClock(remaining)}
    </Typography>
  );
}

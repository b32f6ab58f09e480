import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

interface ProgressCircleProps {
  /** 0–100. */
  value: number;
  /** The text equivalent, read by assistive technologies (aria-valuetext and name). */
  label: string;
  /** What is written inside the circle (hidden from assistive technologies: `label` says it). */
  children: ReactNode;
}

/**
 * A determinate circle on a visible track, labelled for assistive technologies; narrower under
 * 450 px (SPEC §9 "narrower progress circle").
 */
export function ProgressCircle({ value, label, children }: ProgressCircleProps) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const size = isNarrow ? 112 : 136;
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <Box sx={{ position: 'relative', width: size, height: size, alignSelf: 'center' }}>
      <CircularProgress
        aria-hidden
        variant="determinate"
        value={100}
        size={size}
        thickness={4}
        sx={{ position: 'absolute', inset: 0, color: 'action.selected' }}
      />
      <CircularProgress
        variant="determinate"
        value={clamped}
        size={size}
        thickness={4}
        aria-label={label}
        aria-valuetext={label}
        aria-valuemin={0}
        aria-valuemax={100}
        sx={{ position: 'absolute', inset: 0, '& .MuiCircularProgress-circle': { strokeLinecap: 'round' } }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: 1.5,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The line under a circle (objective, goal). */
export function ProgressCaption({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

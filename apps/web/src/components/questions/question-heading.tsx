import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../visually-hidden';

interface QuestionHeadingProps {
  /** Names the answer controls (their aria-labelledby). */
  id: string;
  /** "Question n of N", read before the question and not shown. */
  counter: string;
  children: ReactNode;
}

/**
 * A question's text as the screen's heading, placement test and exams alike. It takes the focus
 * when it is drawn, so that screen readers announce each new question (the screens are keyed by
 * question: once per question); it is not in the Tab order and draws no focus ring.
 */
export function QuestionHeading({ id, counter, children }: QuestionHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Typography
      ref={ref}
      id={id}
      component="h2"
      tabIndex={-1}
      sx={{
        fontSize: { xs: '1.2rem', sm: '1.35rem' },
        fontWeight: 700,
        lineHeight: 1.4,
        whiteSpace: 'pre-line',
        outline: 'none',
        '&:focus-visible': { outline: 'none' },
      }}
    >
      <Box component="span" sx={visuallyHidden}>{`${counter}. `}</Box>
      {children}
    </Typography>
  );
}

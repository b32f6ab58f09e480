import { useEffect, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { messages } from '@medenglish/shared';
import type { ProgressView } from './part-progress';

type Style = Record<string, unknown>;

/** The app bar's bottom border (app-header.tsx), under its toolbar. */
const APP_BAR_BORDER = 1;

/**
 * The app bar's height as `top` (the theme's toolbar mixin, minHeight by breakpoint and
 * orientation: 56, 48 on a phone held sideways, 64 from the narrow breakpoint up, and the bar's
 * border), so that the block sticks right below it at every size.
 */
function belowToolbar(style: Style): Style {
  const out: Style = {};
  for (const [key, value] of Object.entries(style)) {
    if (key === 'minHeight') out.top = typeof value === 'number' ? value + APP_BAR_BORDER : value;
    else if (value && typeof value === 'object') out[key] = belowToolbar(value as Style);
  }
  return out;
}

/**
 * While the block sticks, nothing the keyboard reaches may hide under it (WCAG 2.2, 2.4.11 Focus
 * not obscured): the page's scroll padding keeps focused controls below the app bar and the
 * block, however tall it is (its text wraps on a phone).
 */
function useScrollPaddingBelow(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    const update = () => {
      const top = Number.parseFloat(getComputedStyle(element).top) || 0;
      root.style.scrollPaddingTop = `${Math.ceil(top + element.offsetHeight + 8)}px`;
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.scrollPaddingTop = before;
    };
  }, [ref]);
}

/**
 * The part, 'Partie n / 3', the counter within the part and the whole test's progress (issue 33),
 * kept in view below the app bar while the question scrolls (a phone shows little of it at once).
 */
export function ProgressHeader({ view }: { view: ProgressView }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollPaddingBelow(ref);
  return (
    <Paper
      ref={ref}
      variant="outlined"
      data-testid="placement-progress"
      sx={(theme: Theme) => ({
        position: 'sticky',
        ...belowToolbar(theme.mixins.toolbar as Style),
        // Above the question as it scrolls under, below the app bar and its menus.
        zIndex: theme.zIndex.appBar - 1,
        // A solid surface in both themes: the question must not show through.
        bgcolor: 'background.paper',
        px: { xs: 1.5, sm: 2 },
        py: { xs: 1, sm: 1.5 },
        borderRadius: 2,
        display: 'grid',
        gap: 0.75,
      })}
    >
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          columnGap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography component="p" sx={{ minWidth: 0, lineHeight: 1.5 }}>
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}>
            {view.partOf}
          </Box>
          <Box component="span" aria-hidden sx={{ color: 'text.secondary', mx: 0.75 }}>
            ·
          </Box>
          <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
            {view.partName}
          </Box>
        </Typography>
        <Typography component="p" sx={{ fontWeight: 600, whiteSpace: 'nowrap', lineHeight: 1.5 }}>
          {view.counter}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={view.percent}
        aria-label={messages.placement.testProgress}
        aria-valuetext={`${view.partOf}, ${view.counter}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Paper>
  );
}

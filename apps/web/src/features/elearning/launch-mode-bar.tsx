import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { messages, type Cmi5LaunchMode } from '@medenglish/shared';

const t = messages.elearning.launchMode;

/**
 * The launch mode of the last launch that answered: the one granted now, or while the unit is
 * launched again, the one before — so the bar and its button stay in place (and keep the focus)
 * between the learner's click and the new launch. Undefined until a launch names a mode, which
 * only a cmi5 AU's does.
 */
export function useShownLaunchMode(granted: Cmi5LaunchMode | undefined): Cmi5LaunchMode | undefined {
  const [last, setLast] = useState(granted);
  if (granted !== undefined && granted !== last) setLast(granted);
  return granted ?? last;
}

/** What the learner sees of a launch mode: a notice for Browse and Review, none for Normal. */
export function LaunchModeNotice({ mode }: { mode: Cmi5LaunchMode | undefined }) {
  // Inside a live region of the caller's: the Alert is not an alert of its own.
  if (mode === 'Browse') {
    return (
      <Alert severity="warning" role="none" sx={{ py: 0 }}>
        {t.browsing}
      </Alert>
    );
  }
  if (mode === 'Review') {
    return (
      <Alert severity="info" role="none" sx={{ py: 0 }}>
        {t.review}
      </Alert>
    );
  }
  return null;
}

interface LaunchModeBarProps {
  /** The mode of the launch shown (useShownLaunchMode); nothing shows without one. */
  shown: Cmi5LaunchMode | undefined;
  /** The mode the learner asked: Browse, or the usual launch. */
  asked: Cmi5LaunchMode | undefined;
  onAsk: (mode: Cmi5LaunchMode | undefined) => void;
}

/**
 * Under a cmi5 AU's bar (decision 0041): the usual launch judges the learner, and they may look
 * without being assessed instead (Browse) — the unit is launched again, and a notice says their
 * results are not recorded — then go back to the usual launch. An AU already satisfied opens in
 * Review: a notice says so, and there is nothing to choose (its results no longer change).
 */
export function LaunchModeBar({ shown, asked, onAsk }: LaunchModeBarProps) {
  if (shown === undefined) return null;
  const browsing = asked === 'Browse';
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {/* One live region for the notice, there from the start: a new mode is announced. */}
      <Box role="status" sx={{ flex: shown === 'Normal' ? '1 1 0' : '1 1 14rem', minWidth: 0 }}>
        <LaunchModeNotice mode={shown} />
      </Box>
      {shown !== 'Review' && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onAsk(browsing ? undefined : 'Browse')}
          sx={{ flexShrink: 0 }}
        >
          {browsing ? t.normal : t.browse}
        </Button>
      )}
    </Box>
  );
}

import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, type Cmi5LaunchMode } from '@medenglish/shared';
import { moduleKeys } from '../../api/modules';
import { launchUnit } from '../../api/xapi-launch';
import { visuallyHidden } from '../../components/visually-hidden';
import { useDeclareCurrentUnit } from '../../lib/current-unit';
import { OpenInNewIcon } from './elearning-icons';
import { LaunchModeNotice } from './launch-mode-bar';
import { UnitHeader } from './unit-header';
import type { UnitFrameProps } from './unit-frame';

const t = messages.elearning;

type State = 'ready' | 'opening' | 'opened' | 'blocked' | 'failed';

/**
 * Sends a window opened at the click to the AU's address. The window is opened before the launch
 * answers because a browser may block a window opened later than the click. It starts blank on
 * the app's origin, so it is cut from the app (`opener = null`) before it leaves for the AU; the
 * AU's files then load with their sandbox header (decision 0029), so the window runs with an
 * opaque origin, never the app's, exactly as in the frame.
 */
export async function openInOwnWindow<T extends { url: string }>(
  launch: () => Promise<T>,
): Promise<{ state: State; launched?: T }> {
  const win = window.open('', '_blank');
  if (!win) return { state: 'blocked' };
  win.opener = null;
  try {
    const launched = await launch();
    win.location.replace(launched.url);
    return { state: 'opened', launched };
  } catch {
    win.close();
    return { state: 'failed' };
  }
}

/**
 * The unit page of a cmi5 AU declared launchMethod OwnWindow (decision 0030): the AU must have a
 * window of its own, so the page offers a button that opens it there, and launches only then —
 * and one that opens it without assessing the learner (Browse, decision 0041).
 * When the learner exits, the AU sends its window to LMS.LaunchData's returnURL (the module
 * page); this page reads the modules again whenever the learner comes back to it.
 */
export function OwnWindowUnit({ unit, groupId, back, headingLevel }: UnitFrameProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>('ready');
  // The mode of the last launch (decision 0041): the notice under "opened", and no Browse choice
  // once the AU opens in Review.
  const [mode, setMode] = useState<Cmi5LaunchMode | undefined>(undefined);
  useDeclareCurrentUnit(unit._id);
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: moduleKeys.all }),
    [queryClient, unit._id],
  );

  const open = async (asked?: Cmi5LaunchMode) => {
    setState('opening');
    const { state: next, launched } = await openInOwnWindow(() => launchUnit(unit._id, groupId, asked));
    setState(next);
    if (launched) setMode(launched.mode);
  };

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby={titleId}
      sx={{ minWidth: 0, overflow: 'hidden' }}
    >
      <UnitHeader back={back} headingLevel={headingLevel} titleId={titleId} title={unit.name} wrapTitle />
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 }, alignItems: 'flex-start' }}>
        <Typography>{t.ownWindow.intro}</Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            endIcon={<OpenInNewIcon />}
            disabled={state === 'opening'}
            onClick={() => void open()}
          >
            {t.ownWindow.open}
            <span style={visuallyHidden}> {t.ownWindow.newWindow}</span>
          </Button>
          {/* Look without being assessed (Browse): not offered once the AU opens in Review. */}
          {mode !== 'Review' && (
            <Button
              variant="outlined"
              endIcon={<OpenInNewIcon />}
              disabled={state === 'opening'}
              onClick={() => void open('Browse')}
            >
              {t.launchMode.browse}
              <span style={visuallyHidden}> {t.ownWindow.newWindow}</span>
            </Button>
          )}
        </Stack>
        <Stack role="status" spacing={1} sx={{ width: '100%' }}>
          {state === 'opened' && <Alert severity="info">{t.ownWindow.opened}</Alert>}
          {state === 'opened' && <LaunchModeNotice mode={mode} />}
          {state === 'blocked' && <Alert severity="warning">{t.ownWindow.blocked}</Alert>}
          {state === 'failed' && <Alert severity="error">{t.launchFailed}</Alert>}
        </Stack>
      </Stack>
    </Paper>
  );
}

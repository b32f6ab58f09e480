import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { moduleKeys } from '../../api/modules';
import { launchUnit } from '../../api/xapi-launch';
import { visuallyHidden } from '../../components/visually-hidden';
import { useDeclareCurrentUnit } from '../../lib/current-unit';
import { OpenInNewIcon } from './elearning-icons';
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
export async function openInOwnWindow(launch: () => Promise<{ url: string }>): Promise<State> {
  const win = window.open('', '_blank');
  if (!win) return 'blocked';
  win.opener = null;
  try {
    const { url } = await launch();
    win.location.replace(url);
    return 'opened';
  } catch {
    win.close();
    return 'failed';
  }
}

/**
 * The unit page of a cmi5 AU declared launchMethod OwnWindow (decision 0030): the AU must have a
 * window of its own, so the page offers a button that opens it there, and launches only then.
 * When the learner exits, the AU sends its window to LMS.LaunchData's returnURL (the module
 * page); this page reads the modules again whenever the learner comes back to it.
 */
export function OwnWindowUnit({ unit, groupId, back, headingLevel }: UnitFrameProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>('ready');
  useDeclareCurrentUnit(unit._id);
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: moduleKeys.all }),
    [queryClient, unit._id],
  );

  const open = async () => {
    setState('opening');
    setState(await openInOwnWindow(() => launchUnit(unit._id, groupId)));
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
        <Button
          variant="contained"
          endIcon={<OpenInNewIcon />}
          disabled={state === 'opening'}
          onClick={() => void open()}
        >
          {t.ownWindow.open}
          <span style={visuallyHidden}> {t.ownWindow.newWindow}</span>
        </Button>
        <Box role="status" sx={{ width: '100%' }}>
          {state === 'opened' && <Alert severity="info">{t.ownWindow.opened}</Alert>}
          {state === 'blocked' && <Alert severity="warning">{t.ownWindow.blocked}</Alert>}
          {state === 'failed' && <Alert severity="error">{t.launchFailed}</Alert>}
        </Box>
      </Stack>
    </Paper>
  );
}

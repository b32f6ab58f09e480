import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, type To } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import FocusTrap from '@mui/material/Unstable_TrapFocus';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { messages, type Cmi5LaunchMode, type UnitInfo } from '@medenglish/shared';
import { moduleKeys } from '../../api/modules';
import { useUnitLaunch } from '../../api/xapi-launch';
import { useColorMode } from '../../app/color-mode';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCoverScreen } from '../../lib/covering-content';
import { useDeclareCurrentUnit } from '../../lib/current-unit';
import { FullscreenExitIcon, FullscreenIcon } from './elearning-icons';
import { LaunchModeBar, useShownLaunchMode } from './launch-mode-bar';
import { OwnWindowUnit } from './own-window-unit';
import { UnitHeader } from './unit-header';

const t = messages.elearning;

export interface UnitFrameProps {
  unit: UnitInfo;
  groupId: string;
  /** Where the back bar leads, its words, and the route state to carry. */
  back: { to: To; label: string; state?: unknown };
  /** The heading level of the unit's title in the page (h2 alone, h3 under the module's title). */
  headingLevel: 'h2' | 'h3';
}

/**
 * The unit frame's sandbox (decision 0009, 0029): scripts, forms, and windows of its own, which
 * stay in the same sandbox; never the app's origin, never the top window.
 */
export const UNIT_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups';

/**
 * The launch address with the app's theme for our player, in the fragment (`#theme=dark`), never
 * in the query: TinCanJS (in Storyline exports and Rustici's examples) sends every launch query
 * parameter it does not know with each LRS request, and the LRS refuses an unknown one, so a
 * `theme` there lost every statement (issue 34). A fragment reaches no server and TinCanJS reads
 * only the query. An address with a fragment of its own (`index.html#/lesson/1`) is left alone:
 * that fragment is the package's (our player has none), and another package ignores the theme.
 */
export function withTheme(url: string, theme: 'light' | 'dark'): string {
  return url.includes('#') ? url : `${url}#theme=${theme}`;
}

/**
 * SPEC §2 content frame: the unit's package in a sandboxed frame filling the content area, under a
 * slim bar (back, title). On mobile (below the theme's md, 900 px, SPEC §9) it covers the screen
 * as a modal dialog; on a wider screen the learner can choose the same with the full-screen button.
 * The frame element is the same either way, so crossing the breakpoint (a phone turned sideways)
 * or expanding never reloads the unit. Each mount asks for a new launch (POST /xapi/launch);
 * mount it again (keyed by unit) to open another unit.
 *
 * While open, the study heartbeat credits this unit; on close the modules are read again so that
 * the statuses show what the package reported. A cmi5 AU's launch names its mode: the learner may
 * then launch it again without being assessed (Browse), and a notice says when their results are
 * not recorded, or no longer change (Review, an AU already satisfied) — launch-mode-bar.tsx.
 */
export function UnitFrame(props: UnitFrameProps) {
  // A cmi5 AU declared launchMethod OwnWindow never runs in our frame (decision 0030).
  return props.unit.ownWindow ? <OwnWindowUnit {...props} /> : <FramedUnit {...props} />;
}

function FramedUnit({ unit, groupId, back, headingLevel }: UnitFrameProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [expanded, setExpanded] = useState(false);
  const fullScreen = isMobile || expanded;
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The usual launch, or Browse when the learner asks to look without being assessed (cmi5).
  const [askedMode, setAskedMode] = useState<Cmi5LaunchMode | undefined>(undefined);
  const launch = useUnitLaunch(unit._id, groupId, askedMode);
  const shownMode = useShownLaunchMode(launch.data?.mode);
  useDeclareCurrentUnit(unit._id);
  // Our packages follow the app's theme: given at launch (in the address's fragment, kept for the
  // frame's life so a switch never reloads the unit), then sent when the learner switches.
  // Packages of other tools ignore both.
  const { mode } = useColorMode();
  const [launchMode] = useState(mode);
  const src = launch.data ? withTheme(launch.data.url, launchMode) : undefined;

  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: moduleKeys.all }),
    [queryClient, unit._id],
  );

  // Our packages announce a result once the LRS has it (player.js); the status then shows at
  // once rather than at the next refresh. Only this frame's messages count.
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const fromFrame = event.source !== null && event.source === frame.current?.contentWindow;
      if (fromFrame && (event.data as { type?: unknown } | null)?.type === 'medenglish:unit-result') {
        void queryClient.invalidateQueries({ queryKey: moduleKeys.all });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  useEffect(() => {
    // The frame has an opaque origin (sandbox without allow-same-origin): '*' is the only target.
    frame.current?.contentWindow?.postMessage({ type: 'medenglish:theme', theme: mode }, '*');
  }, [mode]);

  // Behind a full-screen unit, the shell is inert (a modal dialog) and the page does not scroll.
  useCoverScreen(fullScreen);
  useEffect(() => {
    if (!fullScreen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => void (document.body.style.overflow = previous);
  }, [fullScreen]);

  return (
    // One element for the page's layout: the focus trap adds two sentinels beside the frame.
    <Box sx={{ minWidth: 0 }}>
      <FocusTrap open={fullScreen} disableEnforceFocus={!fullScreen}>
        <Paper
          role={fullScreen ? 'dialog' : 'region'}
          aria-modal={fullScreen || undefined}
          aria-labelledby={titleId}
          tabIndex={-1}
          square={fullScreen}
          variant={fullScreen ? 'elevation' : 'outlined'}
          elevation={0}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Escape leaves what the learner chose first: the expanded view, else the unit.
            if (expanded && !isMobile) setExpanded(false);
            else if (fullScreen) navigate(back.to, { state: back.state });
          }}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
            outline: 'none',
            ...(fullScreen
              ? { position: 'fixed', inset: 0, height: '100dvh', zIndex: theme.zIndex.modal }
              : { height: 'max(480px, calc(100dvh - 200px))' }),
          }}
        >
          <UnitHeader back={back} headingLevel={headingLevel} titleId={titleId} title={unit.name}>
            {!isMobile && (
              <Button
                size="small"
                aria-pressed={expanded}
                startIcon={expanded ? <FullscreenExitIcon /> : <FullscreenIcon />}
                onClick={() => setExpanded((on) => !on)}
                sx={{ flexShrink: 0 }}
              >
                {expanded ? t.exitFullScreen : t.fullScreen}
              </Button>
            )}
          </UnitHeader>
          <LaunchModeBar shown={shownMode} asked={askedMode} onAsk={setAskedMode} />
          <Box sx={{ flex: 1, minHeight: 0, position: 'relative', bgcolor: 'background.default' }}>
            {launch.data ? (
              <iframe
                ref={frame}
                title={unit.name}
                src={src}
                // Popups (a package's resource in a new window) inherit this sandbox: no
                // allow-popups-to-escape-sandbox, no allow-same-origin (decision 0029).
                sandbox={UNIT_FRAME_SANDBOX}
                allow="fullscreen"
                // Packages are designed on white, whatever the app's theme.
                style={{ border: 0, display: 'block', width: '100%', height: '100%', background: '#fff' }}
              />
            ) : launch.isError ? (
              <Alert
                severity="error"
                sx={{ m: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void launch.refetch()}>
                    {t.retry}
                  </Button>
                }
              >
                {t.launchFailed}
              </Alert>
            ) : (
              <>
                <span role="status" style={visuallyHidden}>
                  {t.unitLoading}
                </span>
                <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, height: 'auto' }} />
              </>
            )}
          </Box>
        </Paper>
      </FocusTrap>
    </Box>
  );
}

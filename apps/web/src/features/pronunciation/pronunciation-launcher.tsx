import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { messages } from '@medenglish/shared';
import { TranslateIcon } from '../../components/icons';

// The panel (dictionary, voices, results) loads when first opened: the shell stays light.
const PronunciationPanel = lazy(() => import('./pronunciation-panel'));

/**
 * SPEC §1: the floating pronunciation box, on every signed-in page. A round button in the bottom
 * corner, smaller on a phone and clear of the content's last line by the page's bottom padding.
 */
export function PronunciationLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {/* Room below the footer on a phone, so the button never sits on the page's last line. */}
      <Box aria-hidden sx={{ height: { xs: 64, md: 0 }, flexShrink: 0 }} />
      <ButtonBase
        aria-label={messages.pronunciation.open}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        focusRipple
        sx={{
          position: 'fixed',
          right: { xs: 12, md: 24 },
          bottom: { xs: 12, md: 24 },
          zIndex: (theme) => theme.zIndex.speedDial,
          width: { xs: 48, md: 56 },
          height: { xs: 48, md: 56 },
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: 6,
          '&:hover': { bgcolor: 'primary.dark' },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 3 },
        }}
      >
        <TranslateIcon />
      </ButtonBase>
      {loaded && (
        <Suspense fallback={null}>
          <PronunciationPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

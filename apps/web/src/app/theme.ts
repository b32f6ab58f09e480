import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINT_MOBILE, BREAKPOINT_NARROW } from '@medenglish/shared';
import type { ColorMode } from './initial-color-mode';

export type { ColorMode };

/**
 * Colours checked for WCAG AA: body text and white-on-primary reach at least 4.5:1 in light mode,
 * and dark-on-primary and body text do the same in dark mode.
 */
const palettes = {
  light: {
    primary: { main: '#0b5e8a', contrastText: '#ffffff' },
    secondary: { main: '#a8431a', contrastText: '#ffffff' },
    background: { default: '#f3f6f9', paper: '#ffffff' },
    text: { primary: '#14212b', secondary: '#4a5a68' },
    // MUI's default warning and info are too light for white text (3.1:1 and 3.9:1).
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    error: { main: '#c62828' },
    focus: '#b3530f',
  },
  dark: {
    primary: { main: '#8fd0f5', contrastText: '#0b1620' },
    secondary: { main: '#ffb38f', contrastText: '#0b1620' },
    background: { default: '#0b1620', paper: '#13212d' },
    text: { primary: '#e8eef3', secondary: '#b3c1cc' },
    warning: { main: '#ffa726' },
    info: { main: '#4fc3f7' },
    // MUI's dark error red (#f44336) reads at 4.4:1 on the dark background: error texts need 4.5.
    error: { main: '#ff8a80' },
    focus: '#ffcf70',
  },
} as const;

export function createAppTheme(mode: ColorMode): Theme {
  const palette = palettes[mode];
  const focusRing = {
    outline: `3px solid ${palette.focus}`,
    outlineOffset: 2,
  };
  return createTheme({
    // SPEC §9: narrow screen 450 px, mobile 900 px.
    breakpoints: { values: { xs: 0, sm: BREAKPOINT_NARROW, md: BREAKPOINT_MOBILE, lg: 1200, xl: 1536 } },
    palette: {
      mode,
      // Text on coloured surfaces (filled alerts, badges, buttons) picks the colour reaching AA.
      contrastThreshold: 4.5,
      primary: palette.primary,
      warning: palette.warning,
      info: palette.info,
      error: palette.error,
      secondary: palette.secondary,
      background: palette.background,
      text: palette.text,
    },
    shape: { borderRadius: 10 },
    typography: {
      // System fonts: nothing to download, and the CSP allows no font host.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.375rem', fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A visible focus ring for keyboard users on everything, in both themes.
          '*:focus-visible': focusRing,
        },
      },
      // The required asterisk is drawn by CSS instead of a <span> in the label: the label's text
      // is then exactly the field's name (for people and for getByLabel('Adresse email') alike),
      // and the '/ ""' alternative text keeps screen readers from reading "star".
      MuiInputLabel: { defaultProps: { required: false } },
      MuiFormControl: {
        styleOverrides: {
          root: {
            // A thin space, as in the notch MUI cuts into the outline for required fields.
            '&:has(input[required], select[required]) > .MuiInputLabel-root::after': {
              content: '"\\2009*" / ""',
            },
            // The notch cut into the outline must be as wide as the label, asterisk included.
            '&:has(input[required], select[required]) .MuiOutlinedInput-notchedOutline legend > span::after':
              {
                content: '"\\2009*"',
              },
          },
        },
      },
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { '&:focus-visible': focusRing } },
      },
      // An alert's message box scrolls its overflow in MUI; a fraction of a pixel of a bold or
      // wrapped line made it a scrollable region with nothing focusable (axe
      // scrollable-region-focusable, WCAG 2.1.1). Our alerts are short: they never need to scroll.
      MuiAlert: { styleOverrides: { message: { overflow: 'visible' } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}

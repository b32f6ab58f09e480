import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { setCookie } from '../lib/cookies';
import { storageKeys, writeStorage } from '../lib/storage';
import { initialColorMode } from './initial-color-mode';
import { createAppTheme, type ColorMode } from './theme';

interface ColorModeValue {
  mode: ColorMode;
  toggleMode(): void;
}

export const THEME_COOKIE = 'theme';

const ColorModeContext = createContext<ColorModeValue | null>(null);

/**
 * `initialMode`: given by the server's render of the dashboard's first cards (src/ssr), which has
 * neither storage nor media queries; the browser reads the learner's choice itself.
 */
export function ColorModeProvider({
  children,
  initialMode,
}: {
  children: ReactNode;
  initialMode?: ColorMode;
}) {
  const [mode, setMode] = useState<ColorMode>(initialMode ?? initialColorMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  // The server reads it to draw the signed-in outline of the next visit in the same theme, before
  // any script runs (apps/server/src/web-page). Only 'light' or 'dark': nothing personal.
  // Written in a task of its own: the cookie store is in another process (a write costs a phone a
  // few milliseconds), and this effect runs with all the others of the app's first commit.
  useEffect(() => {
    const timer = setTimeout(() => setCookie(THEME_COOKIE, mode, { maxAgeSeconds: 365 * 24 * 60 * 60 }), 0);
    return () => clearTimeout(timer);
  }, [mode]);
  const value = useMemo<ColorModeValue>(
    () => ({
      mode,
      toggleMode: () =>
        setMode((current) => {
          const next = current === 'dark' ? 'light' : 'dark';
          writeStorage(storageKeys.darkMode, String(next === 'dark'));
          return next;
        }),
    }),
    [mode],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode outside ColorModeProvider');
  return value;
}

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { rememberPreferenceCookie } from '../lib/cookies';
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
  // any script runs (apps/server/src/web-page).
  useEffect(() => rememberPreferenceCookie(THEME_COOKIE, mode), [mode]);
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

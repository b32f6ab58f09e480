import { readStorage, storageKeys } from '../lib/storage';

export type ColorMode = 'light' | 'dark';

/**
 * SPEC §3: the dark-mode toggle is stored locally; without a choice, follow the system's. Apart
 * from the theme itself (theme.ts, MUI's), so that the entry reads it before MUI is evaluated.
 */
export function initialColorMode(): ColorMode {
  const stored = readStorage(storageKeys.darkMode);
  if (stored !== null) return stored === 'true' ? 'dark' : 'light';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

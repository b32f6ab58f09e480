import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/toast';
import { ColorModeProvider } from './color-mode';
import type { ColorMode } from './theme';
import { createQueryClient } from './query-client';

/** Everything a screen may rely on, router aside (tests wrap screens in a memory router). */
export function AppProviders({
  children,
  client,
  colorMode,
}: {
  children: ReactNode;
  client?: QueryClient;
  /** The theme to draw in, for the server's render (src/ssr); the browser reads the learner's. */
  colorMode?: ColorMode;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider initialMode={colorMode}>
        <ToastProvider>{children}</ToastProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

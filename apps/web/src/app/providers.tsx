import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/toast';
import { ColorModeProvider } from './color-mode';
import { createQueryClient } from './query-client';

/** Everything a screen may rely on, router aside (tests wrap screens in a memory router). */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../components/toast';
import { ColorModeProvider } from './color-mode';
import { createQueryClient } from './query-client';

/** Everything a screen may rely on, router aside (tests wrap screens in a memory router). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

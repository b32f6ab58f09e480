import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { EmailConfirmation } from '../features/auth/email-confirmation';
import { ErrorBoundary } from './error-boundary';
import { RemountOnLanguage } from './remount-on-language';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders client={queryClient}>
      <ErrorBoundary>
        <BrowserRouter>
          <RemountOnLanguage>
            <EmailConfirmation />
            <AppRoutes />
          </RemountOnLanguage>
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}

import { BrowserRouter } from 'react-router';
import { EmailConfirmation } from '../features/auth/email-confirmation';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <BrowserRouter>
          <EmailConfirmation />
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}

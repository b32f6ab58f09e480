import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/providers';

/** Renders a screen at `path` inside the app's providers, with stub pages for where it may go. */
export function renderScreen(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/test', element: <p>test page</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<AppProviders>{<RouterProvider router={router} />}</AppProviders>) };
}

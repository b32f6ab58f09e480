import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '@medenglish/shared';
import * as userApi from '../api/user';
import { writePlacementSession } from '../features/placement/placement-session';
import { storageKeys, writeStorage } from '../lib/storage';
import { RequirePlacementDone, RequirePlacementPending } from './route-guards';

vi.mock('../api/user', () => ({ useCurrentUser: vi.fn() }));
const useCurrentUser = vi.mocked(userApi.useCurrentUser);

function givenUser(user: Pick<User, 'placementtest' | 'testFinish'> | undefined) {
  useCurrentUser.mockReturnValue({ data: user, isError: false } as UseQueryResult<User>);
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <RequirePlacementPending />, children: [{ path: '/test', element: <p>test page</p> }] },
      {
        element: <RequirePlacementDone />,
        children: [
          { path: '/dashboard', element: <p>dashboard page</p> },
          { path: '*', element: <p>other page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('placement redirects (SPEC §2)', () => {
  it('sends every other page to /test while the test is required', () => {
    givenUser({ placementtest: true, testFinish: false });
    expect(renderAt('/dashboard').state.location.pathname).toBe('/test');
    expect(screen.getByText('test page')).toBeInTheDocument();
  });

  it('keeps /test while the test is required', () => {
    givenUser({ placementtest: true, testFinish: false });
    renderAt('/test');
    expect(screen.getByText('test page')).toBeInTheDocument();
  });

  it('sends /test to /dashboard once the test is finished, or for exempt learners', () => {
    givenUser({ placementtest: true, testFinish: true });
    expect(renderAt('/test').state.location.pathname).toBe('/dashboard');
    givenUser({ placementtest: false, testFinish: false });
    expect(renderAt('/test').state.location.pathname).toBe('/dashboard');
  });

  it('lets the results and tutorial of a test finished in this tab show', () => {
    givenUser({ placementtest: true, testFinish: true });
    writePlacementSession({ stage: 'tutorial', video: 2 });
    renderAt('/test');
    expect(screen.getByText('test page')).toBeInTheDocument();
  });

  it('uses the "in test" flag of the login until the user is known', () => {
    givenUser(undefined);
    writeStorage(storageKeys.inTest, 'true');
    expect(renderAt('/help').state.location.pathname).toBe('/test');
  });

  it('leaves other pages alone for a learner without a pending test', () => {
    givenUser({ placementtest: false, testFinish: false });
    renderAt('/glossary');
    expect(screen.getByText('other page')).toBeInTheDocument();
  });
});

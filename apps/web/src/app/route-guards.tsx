import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { User } from '@medenglish/shared';
import { useCurrentUser } from '../api/user';
import { LazyFallback } from '../components/lazy-fallback';
import { isShowingPlacementOutro } from '../features/placement/placement-session';
import { isLoggedIn } from '../lib/session';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../lib/storage';

/**
 * SPEC §2: the authenticated screens send logged-out visitors to '/', remembering the page asked
 * for so that the login opens it (features/auth/return-path.ts).
 */
export function RequireAuth() {
  const { pathname, search, hash } = useLocation();
  return isLoggedIn() ? <Outlet /> : <Navigate to="/" replace state={{ from: pathname + search + hash }} />;
}

/** SPEC §2: '/' is reachable only when logged out; a logged-in user goes to /dashboard. */
export function PublicOnly() {
  return isLoggedIn() ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** SPEC §2/§4: the placement test is required while it is not finished (exempt: placementtest false). */
export function isPlacementRequired(user: Pick<User, 'placementtest' | 'testFinish'>): boolean {
  return user.placementtest && !user.testFinish;
}

/**
 * SPEC §2: every authenticated page but /test sends a learner whose placement test is required
 * to /test. Until the user is known, the "in test" flag written at login (SPEC §4) decides, so that
 * the dashboard does not flash first; the flag follows the user once it is known.
 */
export function RequirePlacementDone() {
  const { data: user } = useCurrentUser();
  const required = user ? isPlacementRequired(user) : readStorage(storageKeys.inTest) === 'true';

  useEffect(() => {
    if (!user) return;
    if (isPlacementRequired(user)) writeStorage(storageKeys.inTest, 'true');
    else removeStorage(storageKeys.inTest);
  }, [user]);

  return required ? <Navigate to="/test" replace /> : <Outlet />;
}

/**
 * SPEC §2: /test sends learners who finished the test, or are exempt, to /dashboard, except while
 * the results and tutorial of a test finished in this tab are showing. Waits for the user; if the
 * user cannot be read, the page asks the server itself (init answers 409 when there is no test).
 */
export function RequirePlacementPending() {
  const { data: user, isError } = useCurrentUser();
  if (isShowingPlacementOutro()) return <Outlet />;
  if (user) return isPlacementRequired(user) ? <Outlet /> : <Navigate to="/dashboard" replace />;
  return isError ? <Outlet /> : <LazyFallback />;
}

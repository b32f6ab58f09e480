import { Navigate, Outlet } from 'react-router';
import { isLoggedIn } from '../lib/session';

/** SPEC §2: the authenticated screens send logged-out visitors to '/'. */
export function RequireAuth() {
  return isLoggedIn() ? <Outlet /> : <Navigate to="/" replace />;
}

/** SPEC §2: '/' is reachable only when logged out; a logged-in user goes to /dashboard. */
export function PublicOnly() {
  return isLoggedIn() ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

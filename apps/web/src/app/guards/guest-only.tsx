import { Navigate, Outlet } from 'react-router';
import { isSignedIn, useProfile } from '../../lib/session';

/**
 * Sign-in, not-customer and pending screens: signed-in users go straight to the dashboard. The
 * screen shows at once; the session check runs beside it and redirects when it finds a session.
 */
export function GuestOnly() {
  const profile = useProfile();
  if (isSignedIn(profile.data)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { isSignedIn, useProfile } from '../../lib/session';

/** Sign-in, not-customer and pending screens: signed-in users go straight to the dashboard. */
export function GuestOnly() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageSpinner label="Checking your session" />;
  if (isSignedIn(profile.data)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

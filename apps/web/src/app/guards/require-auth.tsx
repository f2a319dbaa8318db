import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { ReleaseFirstPaint } from '../../lib/first-paint';
import { useLogout, useProfile } from '../../lib/session';

/**
 * /dashboard/*: signed-out visitors go to /signin; a profile reporting session_valid false logs out.
 * While the session check runs the dashboard frame already shows (see DashboardLayout).
 */
export function RequireAuth() {
  const profile = useProfile();
  const logout = useLogout();
  const invalidSession = profile.data != null && !profile.data.session_valid;

  useEffect(() => {
    if (invalidSession) void logout();
  }, [invalidSession, logout]);

  if (profile.isError) {
    return (
      <main className="full-page-center stack-center">
        <ReleaseFirstPaint />
        <p role="alert">Failed to fetch user profile. Please try again.</p>
        <Button onClick={() => void profile.refetch()}>Retry</Button>
      </main>
    );
  }
  if (profile.data === null) return <Navigate to="/signin" replace />;
  if (invalidSession) {
    return (
      <>
        <ReleaseFirstPaint />
        <FullPageSpinner label="Signing you out" />
      </>
    );
  }
  return <Outlet />;
}

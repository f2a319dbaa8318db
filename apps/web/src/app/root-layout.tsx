import { Outlet, useLocation } from 'react-router';
import { useReleaseFirstPaint } from '../lib/first-paint';
import { SiteFooter } from './site-footer';

/** Wraps every screen: the page, then the fixed footer the spec shows everywhere. */
export function RootLayout() {
  // The first-paint frame is the dashboard's: anywhere else (a redirect to /signin) it goes at once.
  const { pathname } = useLocation();
  useReleaseFirstPaint(pathname !== '/dashboard' && !pathname.startsWith('/dashboard/'));
  return (
    <>
      <Outlet />
      <SiteFooter />
    </>
  );
}

import { Outlet, useLocation } from 'react-router';
import { useReleaseFirstPaint } from '../lib/first-paint';
import { SiteFooter } from './site-footer';

const hasFirstPaint = (pathname: string) =>
  pathname === '/dashboard' || pathname.startsWith('/dashboard/') || pathname === '/signin' || pathname === '/signin/';

/** Wraps every screen: the page, then the fixed footer the spec shows everywhere. */
export function RootLayout() {
  // A first paint is the dashboard's or the sign-in page's, which take it away when their screen is
  // on: anywhere else (a redirect to /not-customer, say) it goes at once.
  const { pathname } = useLocation();
  useReleaseFirstPaint(!hasFirstPaint(pathname));
  return (
    <>
      <Outlet />
      <SiteFooter />
    </>
  );
}

import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';

/** Wraps every screen: the page, then the fixed footer the spec shows everywhere. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <SiteFooter />
    </>
  );
}

import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { SiteFooter } from './site-footer';

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Loading chunk/i.test(message);
}

/** Last-resort screen; a stale deploy's missing chunk gets a reload button instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = isChunkLoadError(error)
    ? 'Loading chunk failed'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'Something went wrong';
  return (
    <>
      <main className="full-page-center stack-center">
        <h1 className="auth-title">{message}</h1>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/dashboard">Go to dashboard</Link>
      </main>
      <SiteFooter />
    </>
  );
}

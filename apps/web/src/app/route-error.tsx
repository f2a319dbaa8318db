import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { CHUNK_FAILED_MESSAGE, isChunkLoadError } from '../lib/chunk-load';
import { ReleaseFirstPaint } from '../lib/first-paint';
import { SiteFooter } from './site-footer';

/** Last-resort screen; a screen whose code did not load gets a reload button instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const message = isChunkLoadError(error) ? CHUNK_FAILED_MESSAGE : 'Something went wrong';
  return (
    <>
      <ReleaseFirstPaint />
      <main className="full-page-center stack-center">
        <h1 className="auth-title">{message}</h1>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/dashboard">Go to dashboard</Link>
      </main>
      <SiteFooter />
    </>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { error: unknown; pathname: string | null };

/** Catches what a screen throws while rendering (a failed chunk load included); moving to another path clears it. */
class ErrorBoundaryAtPath extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.pathname === props.pathname ? null : { pathname: props.pathname };
    // The error happened at state.pathname: a new path gets a fresh try.
    return state.pathname !== props.pathname ? { error: null, pathname: props.pathname } : null;
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundaryAtPath pathname={pathname}>{children}</ErrorBoundaryAtPath>;
}

import { Link, useParams } from 'react-router';

/** `/` and unknown paths; gets the unmatched part of the path as the `*` route param. */
export function NotFoundPage() {
  const params = useParams();
  const path = params['*'] ?? '';
  return (
    <main className="full-page-center stack-center">
      <h1 className="auth-title">Page not found</h1>
      {path ? <p className="muted">Nothing lives at /{path}.</p> : null}
      <Link to="/dashboard" className="btn btn-primary">
        Go to dashboard
      </Link>
    </main>
  );
}

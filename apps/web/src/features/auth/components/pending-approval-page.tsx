import { Check } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthLayout } from './auth-layout';

export function PendingApprovalPage() {
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  if (typeof email !== 'string' || !email) return <Navigate to="/signin" replace />;
  return (
    <AuthLayout>
      <div className="pending">
        <span className="check-mark">
          <Check size={32} aria-hidden="true" />
        </span>
        <h1 className="auth-title">Thank you for your interest</h1>
        <p className="auth-subtitle">
          We will reach out to you soon on <strong>{email}</strong>
        </p>
        <p className="auth-footer-link">
          <Link to="/signin">Back to sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}

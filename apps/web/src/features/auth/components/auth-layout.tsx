import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The centred card every signed-out screen sits in. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-brand" aria-hidden="true">
        <span className="logo-mark">P</span>
        <span className="wordmark">Pipewise</span>
      </div>
      <Card as="div" className="auth-card">
        {children}
      </Card>
    </main>
  );
}

import type { ReactNode } from 'react';

/** A dashboard screen's body: a heading and its content. */
export function PageSection({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-section" aria-labelledby="page-section-title">
      <h2 id="page-section-title" className="page-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

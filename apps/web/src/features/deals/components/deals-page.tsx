import { PageSection } from '../../../components/ui/page-section';

export function DealsPage() {
  return (
    <PageSection title="All deals">
      <p className="muted">Your deals and your team&apos;s deals, with filters and search.</p>
    </PageSection>
  );
}

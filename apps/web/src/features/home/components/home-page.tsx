import { PageSection } from '../../../components/ui/page-section';

export function HomePage() {
  return (
    <PageSection title="Home">
      <p className="muted">Ask the assistant about your accounts, and see today&apos;s to dos and upcoming calls here.</p>
    </PageSection>
  );
}

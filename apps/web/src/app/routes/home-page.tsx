import { PageSection } from '../../components/ui/page-section';

/** /dashboard: the assistant and the day's calls meet here as those features land. */
export function HomePage() {
  return (
    <PageSection title="Home">
      <p className="muted">Ask the assistant about your accounts, and see today&apos;s to dos and upcoming calls here.</p>
    </PageSection>
  );
}

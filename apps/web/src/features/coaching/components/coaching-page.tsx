import { PageSection } from '../../../components/ui/page-section';

export function CoachingPage() {
  return (
    <PageSection title="Coaching">
      <p className="coming-soon">Stay Tuned - Updates Coming Soon!</p>
    </PageSection>
  );
}

import { PageSection } from '../../../components/ui/page-section';

export function MeetingsPage() {
  return (
    <PageSection title="Meetings">
      <p className="muted">Your meetings and your team&apos;s meetings, with their insights.</p>
    </PageSection>
  );
}

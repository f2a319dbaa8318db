import { PageSection } from '../../../components/ui/page-section';

export function VideoInsightsPage() {
  return (
    <PageSection title="Video Insights">
      <p className="muted">Upload meeting videos, drive links or transcriptions to get summaries and key points.</p>
    </PageSection>
  );
}

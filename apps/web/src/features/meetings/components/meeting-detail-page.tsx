import { useParams } from 'react-router';
import { PageSection } from '../../../components/ui/page-section';

export function MeetingDetailPage() {
  const { id = '' } = useParams();
  return (
    <PageSection title="Meeting details">
      <p className="muted">Meeting {id}</p>
    </PageSection>
  );
}

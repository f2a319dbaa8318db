import { useParams } from 'react-router';
import { PageSection } from '../../../components/ui/page-section';

export function DealDetailPage() {
  const { id = '' } = useParams();
  return (
    <PageSection title="Deal details">
      <p className="muted">Deal {id}</p>
    </PageSection>
  );
}

import { useParams } from 'react-router';
import { RecordActivity } from '../../features/activity/components/record-activity';
import { DealDetail } from '../../features/deals/components/deal-detail';

/**
 * /dashboard/deals/:id: the deal, with its timeline beside it: the spec's recordings (type icon,
 * date, time, title, description), and the deal's notes and history with them.
 */
export function DealDetailPage() {
  const { id = '' } = useParams();
  return <DealDetail timeline={<RecordActivity key={id} recordType="deal" recordId={id} />} />;
}

import { useParams } from 'react-router';
import { DealDetail } from '../../features/deals/components/deal-detail';
import { RecordTasks } from '../../features/tasks/components/record-tasks';
import { DealRecordingsTimeline } from '../../features/videos/components/deal-recordings-timeline';

/** /dashboard/deals/:id: the deal, with its tasks and its recordings as a timeline beside it. */
export function DealDetailPage() {
  const { id = '' } = useParams();
  return (
    <DealDetail
      timeline={
        <>
          <RecordTasks recordType="deal" recordId={id} />
          <DealRecordingsTimeline />
        </>
      }
    />
  );
}

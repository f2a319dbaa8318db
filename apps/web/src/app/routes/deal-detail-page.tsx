import { DealDetail } from '../../features/deals/components/deal-detail';
import { DealRecordingsTimeline } from '../../features/videos/components/deal-recordings-timeline';
import { DealScheduleCall } from './deal-schedule-call';

/** /dashboard/deals/:id: the deal, with its recordings as a timeline beside it. */
export function DealDetailPage() {
  return (
    <DealDetail
      timeline={
        <>
          <DealScheduleCall />
          <DealRecordingsTimeline />
        </>
      }
    />
  );
}

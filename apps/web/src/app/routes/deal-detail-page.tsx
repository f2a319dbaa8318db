import { useParams } from 'react-router';
import { RecordActivity } from '../../features/activity/components/record-activity';
import { DealCallSuggestions } from '../../features/call-suggestions/components/deal-call-suggestions';
import { DealDetail } from '../../features/deals/components/deal-detail';
import { RecordTasks } from '../../features/tasks/components/record-tasks';
import { DealScheduleCall } from './deal-schedule-call';

/**
 * /dashboard/deals/:id: the deal, with its tasks and its timeline beside it: the spec's recordings
 * (type icon, date, time, title, description), and the deal's notes and history with them.
 */
export function DealDetailPage() {
  const { id = '' } = useParams();
  return (
    <DealDetail
      timeline={
        <>
          <DealCallSuggestions key={`suggestions-${id}`} dealId={id} />
          <DealScheduleCall />
          <RecordTasks key={`tasks-${id}`} recordType="deal" recordId={id} />
          <RecordActivity key={id} recordType="deal" recordId={id} />
        </>
      }
    />
  );
}

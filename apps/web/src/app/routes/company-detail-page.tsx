import { RecordActivity } from '../../features/activity/components/record-activity';
import { CompanyDetailPage as CompanyDetail } from '../../features/companies/components/company-detail-page';
import { RecordTasks } from '../../features/tasks/components/record-tasks';

/** /dashboard/companies/:id: the company, with its tasks and its timeline (notes, history, its deals' recordings) below. */
export function CompanyDetailPage() {
  return (
    <CompanyDetail
      below={(id) => (
        <>
          <RecordTasks key={`tasks-${id}`} recordType="company" recordId={id} />
          <RecordActivity key={id} recordType="company" recordId={id} />
        </>
      )}
    />
  );
}

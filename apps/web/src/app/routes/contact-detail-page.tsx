import { RecordActivity } from '../../features/activity/components/record-activity';
import { ContactDetailPage as ContactDetail } from '../../features/contacts/components/contact-detail-page';
import { RecordTasks } from '../../features/tasks/components/record-tasks';

/** /dashboard/contacts/:id: the contact, with their tasks and timeline (notes, history, meetings attended) below. */
export function ContactDetailPage() {
  return (
    <ContactDetail
      below={(id) => (
        <>
          <RecordTasks key={`tasks-${id}`} recordType="contact" recordId={id} />
          <RecordActivity key={id} recordType="contact" recordId={id} />
        </>
      )}
    />
  );
}

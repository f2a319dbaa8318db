import type { TRecordType } from '@pipewise/contract/notes';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { useActivity } from '../api/get-activity';
import { useNoteMutations } from '../api/note-mutations';
import { ActivityEntry } from './activity-entry';
import { NoteEditor } from './note-editor';
import '../activity.css';

/**
 * A deal's, company's or contact's timeline, newest first: notes (with a composer, and Edit and
 * Delete on one's own), every change (who, which field, from what to what, from where, when), and
 * the recordings (a company: its deals'; a contact: the meetings they attended). 'Load more'
 * pages back. Self-contained: drop it into any record's screen.
 */
export function RecordActivity({
  recordType,
  recordId,
  title = 'Timeline',
}: {
  recordType: TRecordType;
  recordId: string;
  title?: string;
}) {
  const activity = useActivity(recordType, recordId);
  const { create } = useNoteMutations(recordType, recordId);
  const items = activity.data?.pages.flatMap((page) => page.data) ?? [];
  const now = new Date();

  return (
    <Card as="aside" raised title={title} className="record-activity">
      <NoteEditor label="Add a note" busy={create.isPending} onSave={(body) => create.mutateAsync(body)} />
      {activity.isPending ? (
        <p className="muted" role="status">
          Loading...
        </p>
      ) : activity.isError ? (
        <div className="activity-error">
          <AlertMessage>
            {isApiError(activity.error) && activity.error.detail ? activity.error.detail : 'The timeline could not be loaded.'}
          </AlertMessage>
          <Button variant="secondary" onClick={() => void activity.refetch()}>
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">No Events Found</p>
      ) : (
        <ol className="activity-timeline" aria-label={`${title}, newest first`}>
          {items.map((item, i) => (
            <ActivityEntry
              key={`${item.kind}:${item.id}`}
              item={item}
              side={i % 2 === 0 ? 'left' : 'right'}
              recordType={recordType}
              recordId={recordId}
              now={now}
            />
          ))}
        </ol>
      )}
      {activity.hasNextPage ? (
        <div className="activity-more">
          <Button variant="secondary" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
            {activity.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
          {activity.isFetchingNextPage ? <Spinner label="Loading more" size={18} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

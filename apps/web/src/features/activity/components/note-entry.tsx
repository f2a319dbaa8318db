import type { TNote, TRecordType } from '@pipewise/contract/notes';
import { useState } from 'react';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/http';
import { useNoteMutations } from '../api/note-mutations';
import { timeAgo } from '../utils/describe-change';
import { NoteEditor } from './note-editor';

/** A note in the timeline: its text and author; Edit for its author, Delete (after a confirmation) for its author or an admin. */
export function NoteEntry({ note, recordType, recordId, now }: { note: TNote; recordType: TRecordType; recordId: string; now: Date }) {
  const { update, remove } = useNoteMutations(recordType, recordId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edited = note.updated_at.slice(0, 19) !== note.created_at.slice(0, 19);

  if (editing) {
    return (
      <NoteEditor
        label="Edit note"
        initial={note.body}
        busy={update.isPending}
        onSave={async (body) => {
          await update.mutateAsync({ id: note.id, body });
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <>
      <p className="activity-note">{note.body}</p>
      <p className="activity-meta">
        {note.author?.name ?? 'Someone'} added a note · <time dateTime={note.created_at}>{timeAgo(note.created_at, now)}</time>
        {edited ? ' · edited' : ''}
      </p>
      {note.can_edit || note.can_delete ? (
        <div className="activity-note-actions">
          {note.can_edit ? (
            <Button variant="link" onClick={() => setEditing(true)} aria-label="Edit note">
              Edit
            </Button>
          ) : null}
          {note.can_delete ? (
            <Button variant="link" onClick={() => setConfirming(true)} aria-label="Delete note">
              Delete
            </Button>
          ) : null}
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title="Delete this note?"
        description="The note is removed for everyone. This cannot be undone."
      >
        {remove.isError ? (
          <AlertMessage plain>
            {isApiError(remove.error) && remove.error.detail ? remove.error.detail : 'The note could not be deleted.'}
          </AlertMessage>
        ) : null}
        <DialogActions
          label="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          focusConfirm
          onConfirm={() => remove.mutate(note.id, { onSuccess: () => setConfirming(false) })}
        />
      </Dialog>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TCallSuggestion } from '@pipewise/contract/call-suggestions';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { callSuggestionQueryKeys } from '../api/call-suggestion-query-keys';
import { useDecideCallSuggestion } from '../api/decide-call-suggestion';
import { useCallSuggestions } from '../api/get-call-suggestions';
import { SuggestionEditDialog, type EditedValue } from './suggestion-edit-dialog';
import { SuggestionItem } from './suggestion-item';
import '../call-suggestions.css';

const FAILED = 'Failed to save the deal. Please try again.';

/**
 * The meeting page's "Suggested updates": what the call proposes for its deal, each with the deal's
 * current value, the sentence it came from (its time plays the call from there), and Accept, Edit
 * or Dismiss. Accepting asks 'Save Changes' as a deal-screen edit does; a 409 shows the server's
 * message and keeps the suggestion.
 */
export function CallSuggestionsPanel({ recordingId, playable = true }: { recordingId: string; playable?: boolean }) {
  const queryClient = useQueryClient();
  const query = useCallSuggestions(recordingId);
  const decide = useDecideCallSuggestion(recordingId);
  const [editing, setEditing] = useState<TCallSuggestion | null>(null);
  const [confirming, setConfirming] = useState<{ suggestion: TCallSuggestion; edited?: EditedValue } | null>(null);

  const accept = async () => {
    if (!confirming) return;
    const { suggestion, edited } = confirming;
    try {
      await decide.mutateAsync({ id: suggestion.id, action: 'accept', body: { ...edited, version: query.data?.deal?.version } });
      toast.success(suggestion.mode === 'task' ? 'Task created' : 'Changes saved');
    } catch (error) {
      toast.error(isApiError(error) && error.detail ? error.detail : FAILED);
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: callSuggestionQueryKeys.recording(recordingId) });
    } finally {
      setConfirming(null);
    }
  };
  const dismiss = async (suggestion: TCallSuggestion) => {
    try {
      await decide.mutateAsync({ id: suggestion.id, action: 'dismiss' });
      toast.success('Suggestion dismissed');
    } catch (error) {
      toast.error(isApiError(error) && error.detail ? error.detail : 'Failed to dismiss the suggestion. Please try again.');
    }
  };

  // A recording the caller cannot see: the meeting page says so itself.
  if (isApiError(query.error, 404)) return null;
  let body;
  if (query.isPending) body = <Spinner label="Loading suggested updates" />;
  else if (query.isError) {
    body = (
      <div className="call-suggestions-state">
        <AlertMessage>Failed to load the suggested updates</AlertMessage>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (!query.data.deal) body = <p className="muted">Link this recording to a deal to get suggested updates.</p>;
  else if (query.data.data.length === 0) body = <p className="muted">No suggested updates from this call</p>;
  else {
    const open = query.data.data.filter((s) => s.status === 'open');
    const decided = query.data.data.filter((s) => s.status !== 'open');
    body = (
      <>
        {open.length === 0 ? <p className="muted">All suggestions from this call were handled</p> : null}
        <ul className="call-suggestion-list" aria-label={`Suggested updates for ${query.data.deal.name}`}>
          {[...open, ...decided].map((s) => (
            <SuggestionItem
              key={s.id}
              suggestion={s}
              playable={playable}
              busy={decide.isPending}
              onAccept={() => setConfirming({ suggestion: s })}
              onEdit={() => setEditing(s)}
              onDismiss={() => void dismiss(s)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="card call-suggestions" aria-labelledby="call-suggestions-title">
      <h2 id="call-suggestions-title" className="call-suggestions-title">
        Suggested updates
      </h2>
      {body}
      <SuggestionEditDialog
        suggestion={editing}
        onCancel={() => setEditing(null)}
        onDone={(edited) => {
          const suggestion = editing!;
          setEditing(null);
          setConfirming({ suggestion, edited });
        }}
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(next) => {
          if (!next && !decide.isPending) setConfirming(null);
        }}
        title="Save Changes"
        description="Do you want to save the changes made to this deal?"
      >
        <DialogActions label="Save" busyLabel="Saving..." busy={decide.isPending} onConfirm={() => void accept()} focusConfirm />
      </Dialog>
    </section>
  );
}

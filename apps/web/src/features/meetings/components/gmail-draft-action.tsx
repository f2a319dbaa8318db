import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useGoogleStatus } from '../../../lib/google-status';
import { isApiError } from '../../../lib/http';
import { useCreateGmailDraft, type GmailDraft } from '../api/create-gmail-draft';

/**
 * 'Save to Gmail drafts' when Gmail is granted; otherwise (a status that cannot be had included) which
 * permission is missing and where to grant it.
 */
export function GmailDraftAction({ draft, enabled }: { draft: GmailDraft; enabled: boolean }) {
  const status = useGoogleStatus({ enabled });
  const save = useCreateGmailDraft();
  if (status.isPending) return <p className="muted">Checking Gmail access...</p>;
  if (!status.data?.mail) {
    return (
      <p className="muted gmail-missing">
        Saving drafts needs the Gmail (Google mail) permission. Connect it in{' '}
        <Link to="/dashboard/settings?section=integrations">Settings → Integrations</Link>.
      </p>
    );
  }
  const onSave = () =>
    save.mutate(draft, {
      onSuccess: () => toast.success('Draft saved to Gmail'),
      onError: (error) => toast.error(isApiError(error) && error.detail ? error.detail : 'Failed to save the draft. Please try again.'),
    });
  return (
    <Button onClick={onSave} disabled={save.isPending || !draft.subject.trim()} aria-busy={save.isPending || undefined}>
      {save.isPending ? 'Saving...' : 'Save to Gmail drafts'}
    </Button>
  );
}

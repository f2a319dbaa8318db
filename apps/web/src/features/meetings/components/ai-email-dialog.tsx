import { toast } from 'sonner';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { GmailDraftAction } from './gmail-draft-action';

type AiEmailDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  failure: string | null;
  onRetry: () => void;
  draft: { to: string[]; subject: string; body: string };
  onSubjectChange: (subject: string) => void;
  onBodyChange: (body: string) => void;
};

/** The follow-up email the AI drafted (ai-email-button.tsx asks for it): editable, then copied or saved as a Gmail draft. */
export function AiEmailDialog({ open, onOpenChange, pending, failure, onRetry, draft, onSubjectChange, onBodyChange }: AiEmailDialogProps) {
  const { to, subject, body } = draft;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`Subject: ${subject}\n\n${body}`);
      toast.success('Email copied');
    } catch {
      toast.error('Could not copy the email');
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Follow-up email">
      {pending ? (
        <p role="status" className="muted">
          Drafting the follow-up email...
        </p>
      ) : failure ? (
        <div className="dialog-form">
          <AlertMessage>{failure}</AlertMessage>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <div className="dialog-form ai-email">
          {to.length > 0 ? <p className="muted">To: {to.join(', ')}</p> : null}
          <TextField label="Subject" value={subject} onChange={(e) => onSubjectChange(e.target.value)} data-autofocus />
          <FormField label="Body">
            {(control) => (
              <textarea {...control} className="input textarea" rows={12} value={body} onChange={(e) => onBodyChange(e.target.value)} />
            )}
          </FormField>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => void copy()}>
              Copy
            </Button>
            <GmailDraftAction draft={draft} enabled={open} />
          </div>
        </div>
      )}
    </Dialog>
  );
}

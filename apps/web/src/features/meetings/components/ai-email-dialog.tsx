import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useGenerateFollowUpEmail } from '../api/generate-follow-up-email';
import { GmailDraftAction } from './gmail-draft-action';

/** Generate AI Email: a follow-up drafted from the meeting, editable, then copied or saved as a Gmail draft. */
export function AiEmailButton({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [to, setTo] = useState<string[]>([]);
  const generate = useGenerateFollowUpEmail();

  const start = () => {
    setOpen(true);
    generate.mutate(videoId, {
      onSuccess: (email) => {
        setSubject(email.subject);
        setBody(email.body);
        setTo(email.to);
      },
    });
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`Subject: ${subject}\n\n${body}`);
      toast.success('Email copied');
    } catch {
      toast.error('Could not copy the email');
    }
  };
  const failure = generate.error
    ? isApiError(generate.error) && generate.error.detail
      ? generate.error.detail
      : 'Failed to generate the email. Please try again.'
    : null;

  return (
    <>
      <Button onClick={start}>
        <Sparkles size={16} aria-hidden="true" />
        Generate AI Email
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Follow-up email">
        {generate.isPending ? (
          <p role="status" className="muted">
            Drafting the follow-up email...
          </p>
        ) : failure ? (
          <div className="dialog-form">
            <AlertMessage>{failure}</AlertMessage>
            <div className="dialog-actions">
              <Button variant="secondary" onClick={start}>
                Try again
              </Button>
            </div>
          </div>
        ) : (
          <div className="dialog-form ai-email">
            {to.length > 0 ? <p className="muted">To: {to.join(', ')}</p> : null}
            <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} data-autofocus />
            <FormField label="Body">
              {(control) => (
                <textarea {...control} className="input textarea" rows={12} value={body} onChange={(e) => setBody(e.target.value)} />
              )}
            </FormField>
            <div className="dialog-actions">
              <Button variant="secondary" onClick={() => void copy()}>
                Copy
              </Button>
              <GmailDraftAction draft={{ to, subject, body }} enabled={open} />
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

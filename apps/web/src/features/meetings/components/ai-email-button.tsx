import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/http';
import { useGenerateFollowUpEmail } from '../api/generate-follow-up-email';

/** The dialog's code (Radix Dialog, the toasts, the Gmail draft) loads at the first press, not with the meeting page. */
const AiEmailDialog = lazy(async () => ({ default: (await import('./ai-email-dialog')).AiEmailDialog }));

/** Generate AI Email: a follow-up drafted from the meeting, editable, then copied or saved as a Gmail draft. */
export function AiEmailButton({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [to, setTo] = useState<string[]>([]);
  const generate = useGenerateFollowUpEmail();

  const start = () => {
    setOpened(true);
    setOpen(true);
    generate.mutate(videoId, {
      onSuccess: (email) => {
        setSubject(email.subject);
        setBody(email.body);
        setTo(email.to);
      },
    });
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
      {opened ? (
        <Suspense fallback={null}>
          <AiEmailDialog
            open={open}
            onOpenChange={setOpen}
            pending={generate.isPending}
            failure={failure}
            onRetry={start}
            draft={{ to, subject, body }}
            onSubjectChange={setSubject}
            onBodyChange={setBody}
          />
        </Suspense>
      ) : null}
    </>
  );
}

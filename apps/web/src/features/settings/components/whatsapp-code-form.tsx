import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { WHATSAPP_MESSAGES, ZWhatsappVerifyBody, type TWhatsappStatus } from '@pipewise/contract/whatsapp';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { normaliseWhatsappCode, useResendWhatsappCode, useVerifyWhatsappCode, whatsappActionError } from '../api/whatsapp-status';

export const WHATSAPP_CODE_INPUT_ID = 'whatsapp-code';
export const WHATSAPP_NO_CODE = 'No code is waiting for this number. Send a new code to verify it.';
export const WHATSAPP_CODE_RESENT = 'We sent a new code on WhatsApp.';

/** A saved number not verified yet: the code sent to it, Verify, and 'Send a new code'. */
export function WhatsappCodeForm({ status, onVerified }: { status: TWhatsappStatus; onVerified: () => void }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useVerifyWhatsappCode();
  const resend = useResendWhatsappCode();
  const busy = verify.isPending || resend.isPending;

  const retype = () => {
    const field = document.getElementById(WHATSAPP_CODE_INPUT_ID) as HTMLInputElement | null;
    field?.focus();
    field?.select();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const typed = normaliseWhatsappCode(code);
    if (!ZWhatsappVerifyBody.safeParse({ code: typed }).success) {
      setFieldError(WHATSAPP_MESSAGES.codeFormat);
      retype();
      return;
    }
    verify.mutate(typed, {
      onSuccess: onVerified,
      onError: (error) => {
        setFailure(whatsappActionError(error, 'verify'));
        retype();
      },
    });
  };

  const sendAgain = () => {
    setFailure(null);
    setFieldError(null);
    resend.mutate(undefined, {
      onSuccess: () => {
        setCode('');
        toast.success(WHATSAPP_CODE_RESENT);
        retype();
      },
      onError: (error) => {
        setFailure(whatsappActionError(error, 'resend'));
        retype();
      },
    });
  };

  return (
    <div className="whatsapp-verify">
      <p className="integration-message" role="status">
        {status.code_pending && status.phone_number ? WHATSAPP_MESSAGES.codeSent(status.phone_number) : WHATSAPP_NO_CODE}
      </p>
      <form className="whatsapp-code-form" aria-label="Verify your WhatsApp number" noValidate onSubmit={submit}>
        <TextField
          id={WHATSAPP_CODE_INPUT_ID}
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          maxLength={12}
          spellCheck={false}
          value={code}
          error={fieldError}
          readOnly={verify.isPending}
          onChange={(event) => {
            setCode(event.target.value);
            setFieldError(null);
            setFailure(null);
          }}
        />
        <div className="integration-actions">
          <Button type="submit" className="btn-small" disabled={busy} aria-busy={verify.isPending || undefined}>
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
          <Button variant="secondary" className="btn-small" disabled={busy} aria-busy={resend.isPending || undefined} onClick={sendAgain}>
            {resend.isPending ? 'Sending…' : 'Send a new code'}
          </Button>
        </div>
        {failure ? <AlertMessage plain>{failure}</AlertMessage> : null}
      </form>
    </div>
  );
}

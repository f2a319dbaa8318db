import { useState, type FormEvent } from 'react';
import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { WHATSAPP_NUMBER_MESSAGES as MSG, whatsappNumberE164 } from '@pipewise/contract/users';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateWhatsappNumber, useWhatsappNumber, whatsappErrorMessage } from '../api/whatsapp-number';

export const WHATSAPP_SAVED = 'WhatsApp number saved.';

/** The messaging app's card: Connect (no number yet) or Update opens the number panel; the saved number shows here. */
export function WhatsappCard({ callerEmail }: { callerEmail: string }) {
  const number = useWhatsappNumber();
  const [open, setOpen] = useState(false);
  const saved = number.data?.phone_number ?? null;

  return (
    <Card as="li" className="integration-card" aria-labelledby="integration-whatsapp">
      <div className="integration-card-head">
        <span className="integration-icon" aria-hidden="true">
          <MessageCircle size={22} />
        </span>
        <h3 className="integration-name" id="integration-whatsapp">
          WhatsApp
        </h3>
      </div>
      <p className="muted integration-description">Messaging: your own WhatsApp number, for reaching the assistant from your phone.</p>
      {saved ? (
        <p className="integration-message">
          Your number: <span className="integration-value">{saved}</span>
        </p>
      ) : null}
      {number.isError ? <AlertMessage plain>{MSG.connectionError}</AlertMessage> : null}
      <div className="integration-card-foot">
        {number.isPending ? (
          <span className="badge badge-neutral">Checking…</span>
        ) : saved ? (
          <span className="badge badge-success">Connected</span>
        ) : (
          <span className="badge badge-neutral">Not connected</span>
        )}
        <Button
          variant={saved ? 'secondary' : 'primary'}
          className="btn-small"
          disabled={!number.isSuccess}
          onClick={() => setOpen(true)}
          aria-label={saved ? 'Update WhatsApp number' : 'Connect WhatsApp'}
        >
          {saved ? 'Update' : 'Connect'}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="WhatsApp number"
        description="The number you use WhatsApp with, country code included (for example +91 98765 43210)."
      >
        {/* Mounted only while open: every opening starts from the saved number. */}
        <WhatsappNumberForm callerEmail={callerEmail} initial={saved ?? ''} onDone={() => setOpen(false)} />
      </Dialog>
    </Card>
  );
}

function WhatsappNumberForm({ callerEmail, initial, onDone }: { callerEmail: string; initial: string; onDone: () => void }) {
  const [value, setValue] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateWhatsappNumber(callerEmail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!whatsappNumberE164(value)) {
      setFieldError(MSG.invalid);
      document.getElementById('whatsapp-number')?.focus();
      return;
    }
    update.mutate(value, {
      onSuccess: () => {
        toast.success(WHATSAPP_SAVED);
        onDone();
      },
      onError: (error) => {
        const { field, message } = whatsappErrorMessage(error);
        setFieldError(field);
        setFailure(message);
      },
    });
  };

  return (
    <form className="stack dialog-form" noValidate onSubmit={submit}>
      <TextField
        id="whatsapp-number"
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91 98765 43210"
        maxLength={40}
        required
        data-autofocus
        value={value}
        error={fieldError}
        disabled={update.isPending}
        onChange={(event) => {
          setValue(event.target.value);
          setFieldError(null);
        }}
      />
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      <DialogActions label="Save" busyLabel="Saving..." busy={update.isPending} />
    </form>
  );
}

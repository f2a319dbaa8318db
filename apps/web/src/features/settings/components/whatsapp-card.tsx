import { useState, type FormEvent } from 'react';
import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { WHATSAPP_NUMBER_MESSAGES as MSG, whatsappNumberE164 } from '@pipewise/contract/users';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateWhatsappNumber, useWhatsappNumber, whatsappErrorMessage } from '../api/whatsapp-number';
import { IntegrationCard, type IntegrationBadge } from './integration-card';

export const WHATSAPP_SAVED = 'WhatsApp number saved.';

const CONNECTED: IntegrationBadge = { label: 'Connected', tone: 'badge-success' };
const NOT_CONNECTED: IntegrationBadge = { label: 'Not connected', tone: 'badge-neutral' };

/** The messaging app's card: Connect (no number yet) or Update opens the number panel; the saved number shows here. */
export function WhatsappCard({ callerEmail }: { callerEmail: string }) {
  const number = useWhatsappNumber();
  const [open, setOpen] = useState(false);
  const saved = number.data?.phone_number ?? null;

  return (
    <IntegrationCard
      id="whatsapp"
      name="WhatsApp"
      icon={MessageCircle}
      description="Messaging: your own WhatsApp number, for reaching the assistant from your phone."
      badge={number.isPending ? null : saved ? CONNECTED : NOT_CONNECTED}
      actions={
        <Button
          variant={saved ? 'secondary' : 'primary'}
          className="btn-small"
          disabled={!number.isSuccess}
          onClick={() => setOpen(true)}
          aria-label={saved ? 'Update WhatsApp number' : 'Connect WhatsApp'}
        >
          {saved ? 'Update' : 'Connect'}
        </Button>
      }
    >
      {saved ? (
        <p className="integration-message">
          Your number: <span className="integration-value">{saved}</span>
        </p>
      ) : null}
      {number.isError ? <AlertMessage plain>{MSG.connectionError}</AlertMessage> : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="WhatsApp number"
        description="The number you use WhatsApp with, country code included (for example +91 98765 43210)."
      >
        {/* Mounted only while open: every opening starts from the saved number. */}
        <WhatsappNumberForm callerEmail={callerEmail} initial={saved ?? ''} onDone={() => setOpen(false)} />
      </Dialog>
    </IntegrationCard>
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

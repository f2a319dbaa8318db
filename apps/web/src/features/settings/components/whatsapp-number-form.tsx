import { useState, type FormEvent } from 'react';
import { WHATSAPP_NUMBER_MESSAGES as MSG, whatsappNumberE164 } from '@pipewise/contract/users';
import { AlertMessage } from '../../../components/ui/alert-message';
import { DialogActions } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateWhatsappNumber, whatsappErrorMessage } from '../api/whatsapp-number';

/** The spec's panel: the number input with its validation message, Cancel and Save ('Saving...'). */
export function WhatsappNumberForm({ callerEmail, initial, onSaved }: { callerEmail: string; initial: string; onSaved: () => void }) {
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
      onSuccess: onSaved,
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

import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

type EmailStepProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onSubmit: () => void;
  busy: boolean;
};

export function EmailStep({ email, onEmailChange, onSubmit, busy }: EmailStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // noValidate: the spec's own message replaces the browser's bubble.
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="name@company.com"
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        autoFocus
      />
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        Continue
      </Button>
    </form>
  );
}

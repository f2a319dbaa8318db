import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

type OtpStepProps = {
  /** Digits in a code (the contract's OTP_LENGTH, handed over by the sign-in flow). */
  length: number;
  sentTo: string;
  busy: boolean;
  secondsLeft: number;
  onVerify: (otp: string) => void;
  onResend: () => void;
  onChangeEmail: () => void;
};

/** Keeps digits only, at most six: paste-friendly and never shows letters. */
export function toOtpDigits(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

export function OtpStep({ length, sentTo, busy, secondsLeft, onVerify, onResend, onChangeEmail }: OtpStepProps) {
  const [otp, setOtp] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onVerify(otp);
  };
  return (
    <form onSubmit={submit} noValidate className="stack">
      <p className="muted">
        Enter the 6-digit code sent to <strong>{sentTo}</strong>{' '}
        <Button variant="link" onClick={onChangeEmail}>
          Change email
        </Button>
      </p>
      <TextField
        label="One-time code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={length}
        placeholder="6-digit code"
        className="input input-otp"
        value={otp}
        onChange={(e) => setOtp(toOtpDigits(e.target.value, length))}
        autoFocus
      />
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        Continue
      </Button>
      <div className="resend">
        {secondsLeft > 0 ? (
          <p className="muted">Resend OTP in {secondsLeft}s</p>
        ) : (
          <Button variant="link" onClick={onResend} disabled={busy}>
            Resend OTP
          </Button>
        )}
      </div>
    </form>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { startGoogleLogin } from '../api/google-login';
import { AuthLayout } from './auth-layout';
import { EmailStep } from './email-step';
import { OtpStep } from './otp-step';
import { useSignInFlow } from './use-sign-in-flow';

type SignInState = { email?: unknown; error?: unknown; registrationComplete?: unknown } | null;

function readState(state: unknown) {
  const s = (typeof state === 'object' ? state : null) as SignInState;
  return {
    email: typeof s?.email === 'string' ? s.email : '',
    error: typeof s?.error === 'string' && s.error ? s.error : null,
    registrationComplete: s?.registrationComplete === true,
  };
}

export function SignInPage() {
  const location = useLocation();
  const initial = readState(location.state);
  const flow = useSignInFlow(initial.error);
  const autoChecked = useRef(false);
  const { checkAndSend, setEmail } = flow;

  useEffect(() => {
    // Coming back from registration: run the email check without another click.
    if (autoChecked.current || !initial.registrationComplete || !initial.email) return;
    autoChecked.current = true;
    setEmail(initial.email);
    void checkAndSend(initial.email);
  }, [initial.registrationComplete, initial.email, checkAndSend, setEmail]);

  return (
    <AuthLayout>
      <h1 className="auth-title">Sign in</h1>
      <p className="auth-subtitle">Use your work email address</p>
      {flow.error ? <AlertMessage>{flow.error}</AlertMessage> : null}
      {flow.step === 'email' ? (
        <EmailStep email={flow.email} onEmailChange={flow.setEmail} onSubmit={() => void flow.checkAndSend(flow.email)} busy={flow.busy} />
      ) : (
        <OtpStep
          length={flow.otpLength}
          sentTo={flow.sentTo}
          busy={flow.busy}
          secondsLeft={flow.secondsLeft}
          onVerify={(otp) => void flow.verify(otp)}
          onResend={() => void flow.checkAndSend(flow.sentTo)}
          onChangeEmail={flow.changeEmail}
        />
      )}
      <div className="divider">
        <span>Or</span>
      </div>
      <Button variant="secondary" block onClick={startGoogleLogin}>
        <GoogleMark />
        Sign in with Google
      </Button>
      <p className="auth-footer-link">
        <Link to="/not-customer" state={{ email: flow.email }}>
          Not a customer? Drop us your contact
        </Link>
      </p>
    </AuthLayout>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 7l7.4 5.7c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.8c-.5-1.4-.8-3-.8-4.8s.3-3.3.8-4.8l-7.8-6C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.8-6z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

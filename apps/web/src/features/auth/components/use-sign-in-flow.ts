import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadChunk } from '../../../lib/chunk-load';
import { isApiError } from '../../../lib/http';
import { PROFILE_QUERY_KEY } from '../../../lib/session';
import { writeStoredUser } from '../../../lib/storage';
import { useCountdown } from './use-countdown';

const loadSteps = () => loadChunk(() => import('./sign-in-steps'));

export const RESEND_WAIT_SECONDS = 30;
const OTP_TOAST_MS = 3000;
const GENERIC_ERROR = 'An error occurred. Please try again.';

export type SignInStep = 'email' | 'otp';

/** The spec's sign-in flow: email check, then OTP send, then verification. */
export function useSignInFlow(initialError: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { secondsLeft, restart } = useCountdown(RESEND_WAIT_SECONDS);
  const [step, setStep] = useState<SignInStep>('email');
  const [email, setEmail] = useState('');
  /** The normalised address the code was sent to. */
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  /** Digits in a code: known once the flow's steps have loaded, before the code step shows. */
  const [otpLength, setOtpLength] = useState(0);

  useEffect(() => {
    void loadSteps();
  }, []);

  const sendCode = useCallback(
    async (address: string) => {
      const { OTP_LENGTH, sendOtp, toast } = await loadSteps();
      try {
        await sendOtp(address);
      } catch (e) {
        setError(isApiError(e, 429) && e.detail ? e.detail : 'Failed to send OTP. Please try again.');
        return;
      }
      toast.success(`OTP sent successfully to ${address}`, { duration: OTP_TOAST_MS });
      setOtpLength(OTP_LENGTH);
      setSentTo(address);
      setStep('otp');
      restart();
    },
    [restart],
  );

  const checkAndSend = useCallback(
    async (rawEmail: string) => {
      const { checkEmail, INVALID_EMAIL_MESSAGE, ZEmail } = await loadSteps();
      const parsed = ZEmail.safeParse(rawEmail);
      if (!parsed.success) {
        setError(INVALID_EMAIL_MESSAGE);
        return;
      }
      const address = parsed.data;
      setError(null);
      setBusy(true);
      try {
        const result = await checkEmail(address);
        if (!result.exists) {
          await navigate('/not-customer', { state: { email: address } });
        } else if (result.status === 'pending') {
          await navigate('/pending-approval', { state: { email: address } });
        } else if (result.status === 'active') {
          await sendCode(address);
        } else {
          setError('Server error');
        }
      } catch (e) {
        setError(isApiError(e) ? e.detail || 'Server error' : GENERIC_ERROR);
      } finally {
        setBusy(false);
      }
    },
    [navigate, sendCode],
  );

  const verify = useCallback(
    async (otp: string) => {
      const { INVALID_OTP_MESSAGE, OTP_PATTERN, verifyOtp } = await loadSteps();
      if (!OTP_PATTERN.test(otp)) {
        setError(INVALID_OTP_MESSAGE);
        return;
      }
      setError(null);
      setBusy(true);
      try {
        const result = await verifyOtp({ email: sentTo, otp });
        if (!result) {
          setError('Invalid OTP. Please try again.');
          return;
        }
        const { user } = result;
        writeStoredUser({ email: user.email, name: user.name, firstName: user.first_name, lastName: user.last_name });
        await queryClient.refetchQueries({ queryKey: PROFILE_QUERY_KEY });
        await navigate('/dashboard', { replace: true });
      } catch (e) {
        setError(isApiError(e) && e.detail ? e.detail : GENERIC_ERROR);
      } finally {
        setBusy(false);
      }
    },
    [sentTo, navigate, queryClient],
  );

  const changeEmail = useCallback(() => {
    setStep('email');
    setError(null);
  }, []);

  return { step, email, setEmail, sentTo, otpLength, busy, error, secondsLeft, checkAndSend, verify, changeEmail };
}

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { SignInPage } from './sign-in-page';

const active = () => json({ exists: true, status: 'active', name: 'Asha Rao' });
const otpSent = () => json({ status: 'otp_sent' });

function renderSignIn(state?: unknown) {
  return renderScreen('/signin', <SignInPage />, { pathname: '/signin', state });
}

async function submitEmail(email: string) {
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('Sign-in screen', () => {
  it('shows the title, subtitle, Google button and the not-customer link', async () => {
    fakeApi({});
    renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Use your work email address')).toBeInTheDocument();
    expect(screen.getByText('Or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Not a customer? Drop us your contact' })).toHaveAttribute('href', '/not-customer');
  });

  it('rejects an invalid email without calling the server', async () => {
    const api = fakeApi({});
    renderSignIn();
    await submitEmail('not-an-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the code, keeps only digits in the OTP field, and counts down 30 s before Resend OTP', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi({ 'POST /api/auth/check-email': active, 'POST /api/auth/send-otp': otpSent });
    renderSignIn();
    await submitEmail('Asha@Acme.test');

    expect(await screen.findByText('OTP sent successfully to asha@acme.test')).toBeInTheDocument();
    const otp = screen.getByLabelText('One-time code');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(otp, { target: { value: '12a3-4 5678' } });
    expect(otp).toHaveValue('123456');

    expect(screen.getByText('Resend OTP in 30s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Resend OTP in 29s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.queryByText(/Resend OTP in/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Resend OTP in 30s')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/auth/check-email')).toHaveLength(2);
    expect(callsTo(api, 'POST', '/api/auth/send-otp').map((c) => c.body)).toEqual([
      { email: 'asha@acme.test' },
      { email: 'asha@acme.test' },
    ]);
  });

  it('asks for exactly 6 digits, then verifies and stores the user', async () => {
    fakeApi({
      'POST /api/auth/check-email': active,
      'POST /api/auth/send-otp': otpSent,
      'POST /api/auth/verify-otp': () =>
        json({
          status: 'success',
          user: { email: 'asha@acme.test', name: 'Asha Rao', first_name: 'Asha', last_name: 'Rao', access_token: 't' },
        }),
    });
    renderSignIn();
    await submitEmail('asha@acme.test');
    const otp = await screen.findByLabelText('One-time code');
    fireEvent.change(otp, { target: { value: '123' } });
    fireEvent.submit(otp);
    expect(await screen.findByText('Please enter a valid 6-digit OTP')).toBeInTheDocument();

    fireEvent.change(otp, { target: { value: '123456' } });
    fireEvent.submit(otp);
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      email: 'asha@acme.test',
      name: 'Asha Rao',
      firstName: 'Asha',
      lastName: 'Rao',
    });
  });

  it('shows the server detail when verification is refused', async () => {
    fakeApi({
      'POST /api/auth/check-email': active,
      'POST /api/auth/send-otp': otpSent,
      'POST /api/auth/verify-otp': () => json({ detail: 'Invalid or expired code' }, 400),
    });
    renderSignIn();
    await submitEmail('asha@acme.test');
    const otp = await screen.findByLabelText('One-time code');
    fireEvent.change(otp, { target: { value: '654321' } });
    fireEvent.submit(otp);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
  });

  it('sends unknown emails to /not-customer, carrying the email', async () => {
    fakeApi({ 'POST /api/auth/check-email': () => json({ exists: false, status: null, name: null }) });
    renderSignIn();
    await submitEmail('new@acme.test');
    expect(await screen.findByTestId('location')).toHaveTextContent('/not-customer{"email":"new@acme.test"}');
  });

  it('goes to /pending-approval for a pending account', async () => {
    fakeApi({ 'POST /api/auth/check-email': () => json({ exists: true, status: 'pending', name: null }) });
    renderSignIn();
    await submitEmail('wait@acme.test');
    expect(await screen.findByTestId('location')).toHaveTextContent('/pending-approval{"email":"wait@acme.test"}');
  });

  it('shows the rate-limit detail when sending is refused with 429', async () => {
    fakeApi({
      'POST /api/auth/check-email': active,
      'POST /api/auth/send-otp': () =>
        json({ detail: 'Too many codes requested. Try again in 10 minutes.' }, 429, { 'Retry-After': '600' }),
    });
    renderSignIn();
    await submitEmail('asha@acme.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes requested. Try again in 10 minutes.');
  });

  it("shows 'Failed to send OTP. Please try again.' for other send failures", async () => {
    fakeApi({ 'POST /api/auth/check-email': active, 'POST /api/auth/send-otp': () => json({ detail: 'x' }, 500) });
    renderSignIn();
    await submitEmail('asha@acme.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send OTP. Please try again.');
  });

  it("shows the check's detail, 'Server error' without one, and the generic text when the network fails", async () => {
    const api = fakeApi({ 'POST /api/auth/check-email': () => new Response('', { status: 502 }) });
    renderSignIn();
    await submitEmail('asha@acme.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');

    api.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('runs the email check by itself after registration', async () => {
    const api = fakeApi({ 'POST /api/auth/check-email': active, 'POST /api/auth/send-otp': otpSent });
    renderSignIn({ registrationComplete: true, email: 'asha@acme.test' });
    expect(await screen.findByLabelText('One-time code')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/auth/check-email')).toHaveLength(1);
  });

  it('shows an error handed over in navigation state', async () => {
    fakeApi({});
    renderSignIn({ error: 'No token received' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No token received');
  });
});

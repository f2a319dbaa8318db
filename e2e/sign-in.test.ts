import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn, waitForCode } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function asGoogleUser(identity: { email: string; email_verified?: boolean; name?: string }) {
  const res = await fetch(`${inject('oidcControlURL')}/identity`, { method: 'POST', body: JSON.stringify(identity) });
  expect(res.status).toBe(204);
}

async function startEmail(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Email address').press('Enter');
}

describe('sign-in with an emailed code', () => {
  it('mails a code, shows the toast and the countdown, and signs in with it', async () => {
    const page = await newPage(browser);
    await startEmail(page, 'priya@acme.example');
    await expect(page.getByText('OTP sent successfully to priya@acme.example').waitFor()).resolves.toBeUndefined();
    await page.getByText(/Resend OTP in \d+s/).waitFor();
    const code = await waitForCode('priya@acme.example');
    await page.getByLabel('One-time code').fill(code);
    await page.getByLabel('One-time code').press('Enter');
    await page.waitForURL(/\/dashboard\/?$/);
    await page.getByText('ACME SALES').waitFor();
    await page.context().close();
  });

  it('refuses a wrong code with the spec message and keeps the user on the code step', async () => {
    const page = await newPage(browser);
    await startEmail(page, 'arjun@acme.example');
    const otp = page.getByLabel('One-time code');
    await otp.waitFor();
    await otp.fill('12ab34'); // letters are dropped by the field
    expect(await otp.inputValue()).toBe('1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please enter a valid 6-digit OTP').waitFor();
    const code = await waitForCode('arjun@acme.example');
    const wrong = code === '000000' ? '111111' : '000000';
    await otp.fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Invalid OTP. Please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.context().close();
  });

  it('counts down 30 seconds before offering Resend OTP, which mails a new code', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    const before = await fetch(`${inject('smtpControlURL')}/messages?to=kavya@acme.example`).then((r) => r.json() as Promise<unknown[]>);
    await startEmail(page, 'kavya@acme.example');
    await page.getByText('Resend OTP in 30s').waitFor();
    await page.clock.fastForward(10_000);
    await page.getByText('Resend OTP in 20s').waitFor();
    expect(await page.getByRole('button', { name: 'Resend OTP' }).count()).toBe(0);
    await page.clock.fastForward(21_000);
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await page.getByText('Resend OTP in 30s').waitFor();
    await expect
      .poll(
        async () =>
          (await fetch(`${inject('smtpControlURL')}/messages?to=kavya@acme.example`).then((r) => r.json() as Promise<unknown[]>)).length,
        { timeout: 10_000 },
      )
      .toBe(before.length + 2);
    await page.context().close();
  });

  it('sends an unknown email to the contact form and on to the pending screen', async () => {
    const email = `prospect-${randomUUID().slice(0, 8)}@newco.example`;
    const page = await newPage(browser);
    await startEmail(page, email);
    await page.waitForURL('**/not-customer');
    await page.getByRole('heading', { name: 'Not a customer?' }).waitFor();
    expect(await page.getByLabel(/work email/i).inputValue()).toBe(email);
    await page.getByLabel(/first name/i).fill('Nisha');
    await page.getByLabel(/last name/i).fill('Kapoor');
    await page.getByLabel(/phone number/i).fill('9876543210');
    await page.getByLabel(/number of employees/i).fill('120');
    await page.getByRole('button', { name: /submit/i }).click();
    await page.waitForURL('**/pending-approval');
    await page.getByText('Thank you for your interest').waitFor();
    await page.getByText(email).waitFor();

    // Signing in again before approval lands on the pending screen.
    await startEmail(page, email);
    await page.waitForURL('**/pending-approval');
    await page.context().close();
  });

  it('logs out on the server: the old session cookie no longer works', async () => {
    const page = await newPage(browser);
    await signIn(page, 'rohan@acme.example');
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'access_token');
    expect(session?.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const replay = await fetch(`${inject('baseURL')}/api/session/profile`, { headers: { cookie: `access_token=${session!.value}` } });
    expect(replay.status).toBe(401);
    await page.context().close();
  });
});

describe('sign-in with Google', () => {
  it('signs in an active user whose verified Google email exists', async () => {
    await asGoogleUser({ email: 'sneha@acme.example', name: 'Sneha Kulkarni' });
    const page = await newPage(browser);
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/dashboard\/?$/);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { email?: string });
    expect(user.email).toBe('sneha@acme.example');
    expect(page.url()).not.toContain('token');
    await page.context().close();
  });

  it('sends an unknown Google email back to sign-in with the reason', async () => {
    await asGoogleUser({ email: 'stranger@elsewhere.example' });
    const page = await newPage(browser);
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/signin');
    await page.getByRole('alert').filter({ hasText: 'No active Pipewise account uses this Google email' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    await page.context().close();
  });

  it('refuses a callback with a forged state', async () => {
    await asGoogleUser({ email: 'sneha@acme.example' });
    const page = await newPage(browser);
    await page.goto('/api/auth/google/callback?state=forged&code=stolen');
    await page.waitForURL('**/signin');
    await page.getByRole('alert').filter({ hasText: 'did not start here' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    await page.context().close();
  });
});

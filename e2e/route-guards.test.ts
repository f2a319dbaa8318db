import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('route guards', () => {
  it.each(['/dashboard', '/dashboard/deals'])('sends a signed-out visitor from %s to /signin', async (path) => {
    const page = await newPage(browser);
    await page.goto(path);
    await page.waitForURL('**/signin');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.context().close();
  });

  it('sends a signed-in user from /signin to /dashboard, and back to /signin after logout', async () => {
    const page = await newPage(browser);
    await signIn(page, 'rahul@acme.example');

    await page.goto('/signin');
    await page.waitForURL(/\/dashboard\/?$/);
    await page.getByRole('banner').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/signin');
    await page.goto('/dashboard/deals');
    await page.waitForURL('**/signin');
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.context().close();
  });
});

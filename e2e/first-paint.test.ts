import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, runAxe, screenshot, signIn } from './support/browser';

/**
 * A signed-in visitor's dashboard page paints from the HTML, before any script has run (the
 * build's prerendered frame, sent by the server), and the app takes that layer away when its own
 * screen is on.
 */
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // A user no other browser test signs in with a mailed code: sign-in codes are limited to five an hour per address.
  await signIn(page, 'sneha@acme.example');
});

afterAll(async () => {
  await browser?.close();
});

describe('the first paint of a dashboard page', () => {
  it('shows the frame and the home screen from the HTML alone, with no script', async () => {
    const storageState = await page.context().storageState();
    const context = await browser.newContext({
      baseURL: inject('baseURL'),
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
      storageState,
    });
    const noScript = await context.newPage();
    await noScript.goto('/dashboard');
    const layer = noScript.locator('#first-paint');
    // The layer is hidden from assistive technology (the app's own screen is what they read).
    const role = (name: Parameters<Page['getByRole']>[0], options: { name: string; level?: number }) =>
      layer.getByRole(name, { ...options, includeHidden: true });
    expect(await layer.getByText('Get instant answers about your accounts, meetings or team - just ask').isVisible()).toBe(true);
    expect(await role('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await role('heading', { level: 2, name: 'Upcoming Calls' }).isVisible()).toBe(true);
    expect(await layer.getByText('Loading meetings...').isVisible()).toBe(true);
    // Inert: nothing in it takes focus or clicks, and nobody's data is in it.
    expect(await layer.getAttribute('inert')).toBe('');
    expect(await layer.textContent()).not.toMatch(/sneha|ACME/i);
    await screenshot(noScript, 'first-paint-home-no-script');

    // Another section's frame: its title and current link, the session check in the main area.
    await noScript.goto('/dashboard/deals');
    expect(await role('heading', { level: 1, name: 'Deals' }).isVisible()).toBe(true);
    expect(await role('link', { name: 'Deals' }).getAttribute('aria-current')).toBe('page');
    expect(await layer.getByText('Checking your session').count()).toBe(1);
    await context.close();
  });

  it('is taken away once the app shows its own screen, which then works and passes axe', async () => {
    await page.goto('/dashboard');
    await page.getByText('ACME SALES').waitFor();
    await page.getByRole('region', { name: 'Upcoming Calls' }).waitFor();
    expect(await page.locator('#first-paint').count()).toBe(0);
    await page.getByRole('button', { name: 'Which deals are closing this month?' }).first().click();
    await page.getByText('Thinking...').or(page.locator('.home-ask-entry')).first().waitFor();
    expect(await runAxe(page)).toEqual([]);
  });

  it('is not sent to a signed-out visitor', async () => {
    const signedOut = await newPage(browser);
    const res = await signedOut.goto('/dashboard');
    expect(await res?.text()).not.toContain('id="first-paint"');
    await signedOut.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signedOut.context().close();
  });

  it("shows /signin's form from the HTML alone to a signed-out visitor, and the app's own form takes over", async () => {
    const context = await browser.newContext({
      baseURL: inject('baseURL'),
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    const noScript = await context.newPage();
    await noScript.goto('/signin');
    const layer = noScript.locator('#first-paint');
    expect(await layer.getByRole('heading', { name: 'Sign in', includeHidden: true }).isVisible()).toBe(true);
    expect(await layer.getByText('Not a customer? Drop us your contact').isVisible()).toBe(true);
    expect(await layer.getAttribute('inert')).toBe('');
    await context.close();

    const signedOut = await newPage(browser);
    signedOut.on('pageerror', (error) => pageErrors.push(error.message));
    await signedOut.goto('/signin');
    await signedOut.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signedOut.locator('#first-paint').waitFor({ state: 'detached' });
    await signedOut.getByRole('textbox', { name: 'Email address' }).fill('asha@acme.example');
    expect(await runAxe(signedOut)).toEqual([]);
    await signedOut.context().close();
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

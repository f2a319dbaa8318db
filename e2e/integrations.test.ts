import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, runAxe, screenshot, signIn } from './support/browser';
import { fakeConnectedIntegrations } from './support/integration-statuses';
import { REPO_ROOT } from './support/pipewise-server';

/** A rep whose messaging number no other browser test touches. */
const REP = 'priya@acme.example';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, REP);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Another page (e.g. another screen size) in the session `page` signed in with: each sign-in sends a
 * code, and the codes an address may be sent an hour are few (other browser test files sign in as
 * this rep too).
 */
async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  return newPage(browser, { viewport, storageState: await page.context().storageState() });
}

async function openIntegrations(p: Page): Promise<void> {
  await p.goto('/dashboard/settings?section=integrations');
  await p.getByRole('heading', { level: 2, name: 'Integrations', exact: true }).waitFor();
}

const card = (p: Page, name: string): Locator =>
  p.getByRole('listitem').filter({ has: p.getByRole('heading', { level: 3, name, exact: true }) });
/** The widths each screen is looked at: a desktop and a phone. */
const SCREENS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const panel = (p: Page) => p.getByRole('dialog', { name: 'WhatsApp number' });

describe('the WhatsApp card', () => {
  it('Connect opens the panel; a bad number gets the spec’s message; Save stores it and the card shows it after a reload', async () => {
    await openIntegrations(page);
    const whatsapp = card(page, 'WhatsApp');
    await whatsapp.getByText('Not connected', { exact: true }).waitFor();
    await whatsapp.getByRole('button', { name: 'Connect WhatsApp' }).click();
    const dialog = panel(page);
    const input = dialog.getByLabel('Phone number');
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    await input.fill('98765');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a valid phone number', { exact: true }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'integrations-whatsapp-panel');

    // Cancel leaves nothing saved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await whatsapp.getByText('Not connected', { exact: true }).waitFor();

    await whatsapp.getByRole('button', { name: 'Connect WhatsApp' }).click();
    await panel(page).getByLabel('Phone number').fill('+91 98765-43210');
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await panel(page).waitFor({ state: 'detached' });
    await whatsapp.getByText('+919876543210', { exact: true }).waitFor();
    // Saved, and a code sent to it: verifying it is e2e/whatsapp-card.test.ts's.
    await whatsapp.getByText('Not verified', { exact: true }).waitFor();

    await page.reload();
    await card(page, 'WhatsApp').getByText('+919876543210', { exact: true }).waitFor();
  });

  it('Update opens the panel with the saved number and replaces it', async () => {
    await openIntegrations(page);
    const whatsapp = card(page, 'WhatsApp');
    await whatsapp.getByRole('button', { name: 'Update WhatsApp number' }).click();
    const input = panel(page).getByLabel('Phone number');
    expect(await input.inputValue()).toBe('+919876543210');
    await input.fill('+44 20 7946 0958');
    await input.press('Enter');
    await panel(page).waitFor({ state: 'detached' });
    await whatsapp.getByText('+442079460958', { exact: true }).waitFor();
  });

  it('the server refuses a bad number on its own, with the spec’s text', async () => {
    const answer = await page.evaluate(async () => {
      const csrf = /(?:^|;\s*)csrf_token=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api/users/update_whatsapp_number/priya%40acme.example', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
        body: JSON.stringify({ phone_number: '+0 12345 67890' }),
      });
      return { status: res.status, body: (await res.json()) as { detail: string } };
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: 'Please enter a valid phone number' } });
  });
});

describe('the Integrations tab', () => {
  it.each(SCREENS)('passes axe and fits the %s screen without sideways scrolling', async (name, viewport) => {
    const p = await signedInPage(viewport);
    try {
      p.on('pageerror', (error) => pageErrors.push(error.message));
      await openIntegrations(p);
      // Every card has its status (none still checking) before it is looked at.
      await card(p, 'WhatsApp')
        .getByRole('button', { name: /WhatsApp/ })
        .waitFor();
      await p.getByText('Checking…').first().waitFor({ state: 'detached' });
      // This installation has no HubSpot app (HUBSPOT_CLIENT_ID unset): the card says so.
      const hubspot = card(p, 'HubSpot');
      await hubspot.getByText('Not configured', { exact: true }).waitFor();
      expect(await hubspot.getByRole('button', { name: 'Connect HubSpot' }).isDisabled()).toBe(true);
      expect(await runAxe(p)).toEqual([]);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(p, `integrations-${name}`);
      // The number panel, open on this screen.
      await card(p, 'WhatsApp')
        .getByRole('button', { name: /WhatsApp/ })
        .click();
      await panel(p).getByLabel('Phone number').waitFor();
      expect(await runAxe(p)).toEqual([]);
      const box = await panel(p).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      // What the screen shows (a full-page capture would move the fixed header and footer).
      await p.screenshot({ path: path.join(REPO_ROOT, `test-results/screenshots/integrations-${name}-whatsapp-panel.png`) });
    } finally {
      await p.context().close();
    }
  });

  it.each(SCREENS)('connected Google and HubSpot cards (import running) fit the %s screen and pass axe', async (name, viewport) => {
    const p = await signedInPage(viewport);
    try {
      // The answers of a connected Google account and of a HubSpot workspace in the middle of its import.
      await fakeConnectedIntegrations(p, 'priya.nair.long.address@gmail.example', {
        state: 'running',
        phase: 'contacts',
        done: 1250,
        total: 4800,
        percent: 26.04,
        message: null,
      });
      await openIntegrations(p);
      const google = card(p, 'Google');
      await google.getByText('Connected as priya.nair.long.address@gmail.example.', { exact: true }).waitFor();
      await google.getByRole('button', { name: 'Sync now' }).waitFor();
      const hubspot = card(p, 'HubSpot');
      await hubspot.getByText('Importing contacts: 1,250 of 4,800 records (26%)', { exact: true }).waitFor();
      await hubspot.getByRole('button', { name: 'Syncing…' }).waitFor();
      await hubspot.getByRole('button', { name: 'Disconnect' }).waitFor();
      expect(await runAxe(p)).toEqual([]);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(p, `integrations-connected-${name}`);
    } finally {
      await p.context().close();
    }
  });

  it.each(SCREENS)(
    'on a %s, the assistant panel shows the spec’s HubSpot connect prompt whole, beside the sidebar, and passes axe',
    async (name, viewport) => {
      const p = await signedInPage(viewport);
      try {
        // This workspace is on the built-in CRM; the answer of a HubSpot workspace whose user has not connected yet.
        await p.route('**/api/hubspot/status', (route) =>
          route.fulfill({
            json: {
              configured: true,
              state: 'not_connected',
              hub_id: 4242,
              user_connected: false,
              source: 'hubspot',
              last_synced_at: null,
              sync: { state: 'idle', phase: null, done: 0, total: 0, percent: 0, message: null },
            },
          }),
        );
        await p.goto('/dashboard');
        await p.getByRole('banner').getByRole('button', { name: 'Open assistant' }).click();
        const assistant = p.getByRole('complementary', { name: 'Assistant' });
        await assistant.getByRole('heading', { name: 'Connect with your HubSpot account', exact: true }).waitFor();
        await assistant.getByText('To use Pipewise, please connect your HubSpot account to continue.', { exact: true }).waitFor();
        const link = assistant.getByRole('link', { name: 'Connect HubSpot', exact: true });
        expect(await link.getAttribute('href')).toBe('/dashboard/settings');
        const sidebar = (await p.locator('.sidebar').boundingBox())!;
        const box = (await assistant.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
        expect(Math.round(box.x + box.width)).toBe(viewport.width);
        // The prompt's button is all inside the panel and the screen.
        const button = (await link.boundingBox())!;
        expect(button.x).toBeGreaterThanOrEqual(box.x);
        expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
        expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
        expect(await runAxe(p)).toEqual([]);
        await p.screenshot({ path: path.join(REPO_ROOT, `test-results/screenshots/assistant-connect-prompt-${name}.png`) });
      } finally {
        await p.context().close();
      }
    },
  );

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

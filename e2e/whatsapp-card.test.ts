import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES } from '@pipewise/contract/whatsapp';
import { launchBrowser, newPage, runAxe, signIn } from './support/browser';
import { REPO_ROOT } from './support/pipewise-server';
import { waitForWhatsappCode, whatsappOutboxFiles } from './support/whatsapp-outbox';

/** A rep no other browser test signs in as much; his number is touched here only. */
const REP = 'rohan@acme.example';
const NUMBER = '+919123456789';
const MORNING = "Morning digest of today's calls (08:00)";
const INSIGHTS = "Tell me when a recording's insights are ready";

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
/** The code the server wrote to the outbox for the saved number. */
let code = '';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, REP);
});

afterAll(async () => {
  await browser?.close();
});

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const SCREENS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

async function openIntegrations(p: Page): Promise<Locator> {
  await p.goto('/dashboard/settings?section=integrations');
  await p.getByRole('heading', { level: 2, name: 'Integrations', exact: true }).waitFor();
  const card = p.getByRole('listitem').filter({ has: p.getByRole('heading', { level: 3, name: 'WhatsApp', exact: true }) });
  await card.getByRole('button', { name: /WhatsApp/ }).waitFor();
  return card;
}

const focusedName = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent ?? '';
  });

/** Each screen the card is looked at: a desktop and a phone, in the session `page` signed in with. */
async function lookAtEveryScreen(name: string, ready: (card: Locator) => Promise<unknown>): Promise<void> {
  for (const [screenName, viewport] of SCREENS) {
    const p = await newPage(browser, { viewport, storageState: await page.context().storageState() });
    try {
      p.on('pageerror', (error) => pageErrors.push(error.message));
      const card = await openIntegrations(p);
      await ready(card);
      await p.getByText('Checking…').first().waitFor({ state: 'detached' });
      expect(await runAxe(p)).toEqual([]);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      // What the screen shows with the card in view (a full-page capture would move the fixed header and footer).
      await card.scrollIntoViewIfNeeded();
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await p.screenshot({ path: path.join(SCREENSHOT_DIR, `whatsapp-card-${name}-${screenName}.png`) });
    } finally {
      await p.context().close();
    }
  }
}

describe('the WhatsApp card against the real server (messages go to its outbox)', () => {
  it('saves a number through the panel; the card then asks for the code written to the outbox', async () => {
    const card = await openIntegrations(page);
    await card.getByText('Not connected', { exact: true }).waitFor();
    // This server has no WhatsApp app: the card says where messages go.
    await card.getByText(/^Local trial: WhatsApp messages are not sent/).waitFor();

    await card.getByRole('button', { name: 'Connect WhatsApp' }).click();
    const panel = page.getByRole('dialog', { name: 'WhatsApp number' });
    const before = whatsappOutboxFiles();
    await page.keyboard.type('+91 91234 56789');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await card.getByText(WHATSAPP_MESSAGES.codeSent(NUMBER), { exact: true }).waitFor();
    await card.getByText('Not verified', { exact: true }).waitFor();
    // The code is asked for where focus now is.
    const input = card.getByLabel('Verification code');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    code = await waitForWhatsappCode(NUMBER, before);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('the card asking for the code passes axe and fits a desktop and a phone', async () => {
    await lookAtEveryScreen('code', (card) => card.getByLabel('Verification code').waitFor());
  });

  it("a wrong code gets the server's reason in an alert; after 'Send a new code' the old code fails and the new one verifies", async () => {
    const card = await openIntegrations(page);
    const input = card.getByLabel('Verification code');
    const wrong = code === '000000' ? '111111' : '000000';
    await input.fill(wrong);
    await input.press('Enter');
    await expect.poll(() => card.getByRole('alert').textContent()).toBe(WHATSAPP_MESSAGES.codeWrong);
    // Focus is back on the code, selected, to type it again.
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    const before = whatsappOutboxFiles();
    await card.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText('We sent a new code on WhatsApp.', { exact: true }).waitFor();
    const fresh = await waitForWhatsappCode(NUMBER, before);
    expect(await input.inputValue()).toBe('');
    // The first code stopped working (unless the two happen to be equal, one time in a million).
    if (fresh !== code) {
      await input.fill(code);
      await input.press('Enter');
      await expect.poll(() => card.getByRole('alert').textContent()).toBe(WHATSAPP_MESSAGES.codeWrong);
    }

    // Typed as a phone shows it, with a space.
    await page.keyboard.type(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
    await page.keyboard.press('Enter');
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByText(NUMBER, { exact: true }).waitFor();
    expect(await card.getByLabel('Verification code').count()).toBe(0);
    expect(await card.getByRole('alert').count()).toBe(0);
    // The switches come next, off until chosen; focus waits on the first.
    const morning = card.getByRole('switch', { name: MORNING });
    expect(await morning.isChecked()).toBe(false);
    expect(await card.getByRole('switch', { name: INSIGHTS }).isChecked()).toBe(false);
    await expect.poll(() => focusedName(page)).toBe(MORNING);
  });

  it('the verified card passes axe and fits a desktop and a phone', async () => {
    await lookAtEveryScreen('verified', (card) => card.getByRole('switch', { name: MORNING }).waitFor());
  });

  it('Space turns the morning digest on; after a reload it is still on and the number still verified', async () => {
    const card = await openIntegrations(page);
    const morning = card.getByRole('switch', { name: MORNING });
    await morning.focus();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/whatsapp/notifications') && r.request().method() === 'PUT');
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    expect(await morning.isChecked()).toBe(true);

    await page.reload();
    const again = await openIntegrations(page);
    await again.getByText('Verified', { exact: true }).waitFor();
    expect(await again.getByRole('switch', { name: MORNING }).isChecked()).toBe(true);
    expect(await again.getByRole('switch', { name: INSIGHTS }).isChecked()).toBe(false);
  });

  it('Remove number asks first (Escape keeps it), then forgets the number; focus lands on Connect', async () => {
    const card = await openIntegrations(page);
    await card.getByRole('button', { name: 'Remove number' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove your WhatsApp number?' });
    await dialog.waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Verified', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Remove number' }).click();
    await dialog.waitFor();
    // Focus starts on Remove.
    await expect.poll(() => focusedName(page)).toBe('Remove');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Not connected', { exact: true }).waitFor();
    expect(await card.getByText(NUMBER).count()).toBe(0);
    expect(await card.getByRole('switch').count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('Connect WhatsApp');

    await page.reload();
    await (await openIntegrations(page)).getByText('Not connected', { exact: true }).waitFor();
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

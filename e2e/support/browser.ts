import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContextOptions, type JSHandle, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_PATH } from './chromium';
import { REPO_ROOT } from './pipewise-server';

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Debian's chromium, headless; one per test file, reused by every test in it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page in its own context (own cookies and storage), pointed at the e2e server.
 * bypassCSP lets runAxe inject axe-core under the app's strict CSP.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    ...options,
  });
  return context.newPage();
}

type LastCode = { code: string; seq: number };

async function lastCode(email: string): Promise<LastCode | undefined> {
  const res = await fetch(`${inject('smtpControlURL')}/last-code?to=${encodeURIComponent(email.toLowerCase())}`);
  return res.status === 404 ? undefined : ((await res.json()) as LastCode);
}

/** Waits for a code mailed to `email` newer than `afterSeq`, as the SMTP capture received it. */
export async function waitForCode(email: string, afterSeq = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await lastCode(email);
    if (last && last.seq > afterSeq) return last.code;
    if (Date.now() > deadline) throw new Error(`no sign-in code mailed to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The real sign-in: email, Continue, the mailed code, Continue, then the dashboard. */
export async function signIn(page: Page, email: string): Promise<void> {
  const before = (await lastCode(email))?.seq ?? 0;
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const otpField = page.getByLabel('One-time code');
  await otpField.waitFor();
  await otpField.fill(await waitForCode(email, before));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
}

/**
 * A fresh browser and one page signed in as `email`; the page's uncaught errors are added to
 * `pageErrors`, so a test can check that none happened.
 */
export async function openSignedInPage(email: string, pageErrors: string[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await newPage(browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, email);
  return { browser, page };
}

export type AxeViolation = { id: string; impact: string; help: string; targets: string[] };

type WindowWithAxe = { axe: { run: (context: Element | Document, options: RunOptions) => Promise<AxeResults> } };

/**
 * Runs axe-core on the page as it is now, or only on `within` (e.g. an open menu, when the page
 * behind it was checked already); returns only serious and critical violations.
 */
export async function runAxe(page: Page, within?: Locator): Promise<AxeViolation[]> {
  // Injected once per document: axe is half a megabyte to parse.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const root: JSHandle<Element | Document> = within ? (await within.elementHandle())! : await page.evaluateHandle(() => document);
  const violations = await root.evaluate(async (context) => {
    const { axe } = window as unknown as WindowWithAxe;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Full-page PNG kept as a test artifact in test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

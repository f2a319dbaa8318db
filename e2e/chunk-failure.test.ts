import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, runAxe, signIn } from './support/browser';
import { REPO_ROOT } from './support/pipewise-server';

/**
 * SPEC section 8: a script chunk that does not load shows 'Loading chunk failed' (after 120 seconds
 * when no answer comes) with a Reload button, and a new deploy is picked up without a blank page.
 * The chunks are the built app's (apps/web/dist), intercepted with page.route.
 */

const DIST = path.join(REPO_ROOT, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The deals screen's own chunk, e.g. assets/deals-page-BBuD7n_X.js. */
const DEALS_CHUNK = manifest['src/features/deals/components/deals-page.tsx']!.file;
const isDealsChunk = (url: URL) => url.pathname === `/${DEALS_CHUNK}`;

let browser: Browser;
let session: BrowserContextOptions['storageState'];
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await newPage(browser);
  await signIn(page, 'arjun@acme.example');
  session = await page.context().storageState();
  await page.context().close();
});

afterEach(async () => {
  for (const page of pages.splice(0)) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  }
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh tab (its own sessionStorage) of the signed-in user; counts its page loads. */
async function openTab(): Promise<{ page: Page; documentLoads: () => number }> {
  const page = await newPage(browser, { storageState: session });
  pages.push(page);
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return { page, documentLoads: () => loads };
}

const dealsScreen = (page: Page) => page.getByRole('table', { name: 'Deals' }).or(page.getByText('No deals match your filters'));
const chunkFailed = (page: Page) => page.getByRole('heading', { name: 'Loading chunk failed' });
/** The app's spinner where the screen goes (not the server's first paint over it): the screen's import has started. */
const screenSpinner = (page: Page) =>
  page
    .locator('#root #main-content')
    .getByRole('status')
    .filter({ hasText: /^Loading$/ });

describe('a screen whose chunk does not load', () => {
  it("fails at once: one reload by itself, then 'Loading chunk failed' with Reload, which shows the screen once it is back", async () => {
    const { page, documentLoads } = await openTab();
    await page.route(isDealsChunk, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard/deals');

    await chunkFailed(page).waitFor();
    // The first failure reloaded the page once (it could have been a new deploy); the second one stays.
    expect(documentLoads()).toBe(2);
    await page.waitForTimeout(1500);
    expect(documentLoads()).toBe(2);
    const reload = page.getByRole('button', { name: 'Reload' });
    expect(await reload.isVisible()).toBe(true);

    const shot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-chunk-failure-')), 'chunk-failed.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(fs.statSync(shot).size).toBeGreaterThan(5000);
    expect(await runAxe(page)).toEqual([]);

    await page.unroute(isDealsChunk);
    await reload.click();
    await dealsScreen(page).waitFor();
    expect(await chunkFailed(page).count()).toBe(0);
  });

  it('hangs: the spinner shows, and the message comes only once 120 seconds have passed', async () => {
    const { page } = await openTab();
    await page.clock.install();
    const held: Route[] = [];
    await page.route(isDealsChunk, (route) => void held.push(route));
    const started = Date.now();
    await page.goto('/dashboard/deals');
    // The app's own spinner for the screen: the import has started, and with it the 120-second wait.
    await screenSpinner(page).waitFor();
    expect(held.length).toBeGreaterThan(0);
    // From here the page's time moves only when the test moves it. The screen has waited at least 2 s,
    // and at most 2 s plus the real time since the page was opened (until now its clock ran as real time).
    const now = await page.evaluate(() => Date.now());
    const upToNow = Date.now() - started;
    await page.clock.pauseAt(now + 2000);

    await page.clock.fastForward(110_000);
    expect(upToNow, 'the page opened fast enough to tell 112 s from 120 s').toBeLessThan(8000);
    await page.waitForTimeout(300);
    expect(await chunkFailed(page).count(), `no message after ${112 + Math.ceil(upToNow / 1000)} s at most`).toBe(0);
    expect(await screenSpinner(page).isVisible()).toBe(true);

    await page.clock.fastForward(10_000);
    await chunkFailed(page).waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await screenSpinner(page).count()).toBe(0);
  });

  it('is slow: a chunk that arrives at 60 seconds just shows its screen, and no message follows', async () => {
    const { page } = await openTab();
    await page.clock.install();
    const held: Route[] = [];
    await page.route(isDealsChunk, (route) => void held.push(route));
    await page.goto('/dashboard/deals');
    await screenSpinner(page).waitFor();
    expect(held.length).toBeGreaterThan(0);

    await page.clock.fastForward(60_000);
    expect(await screenSpinner(page).isVisible()).toBe(true);
    for (const route of held) await route.continue();
    await page.unroute(isDealsChunk);
    await dealsScreen(page).waitFor();

    await page.clock.fastForward(70_000);
    await page.waitForTimeout(300);
    expect(await chunkFailed(page).count()).toBe(0);
    expect(await dealsScreen(page).isVisible()).toBe(true);
  });
});

/**
 * A new deploy while a tab is open: every script and stylesheet gets a new name (here the old name
 * with `.v2` before the extension), the old files are gone (404) and the pages name the new ones.
 */
async function newDeploy(page: Page): Promise<{ deploy: () => void; newAssetsServed: () => number }> {
  const assets = new Set(fs.readdirSync(path.join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f)));
  const rename = (text: string) =>
    text.replace(/[\w.-]+-[\w-]{8}\.(js|css)/g, (name) => (assets.has(name) ? name.replace(/\.(js|css)$/, '.v2.$1') : name));
  let deployed = false;
  let served = 0;
  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const file = url.pathname.startsWith('/assets/') ? url.pathname.slice('/assets/'.length) : null;
    if (!deployed || (file === null && request.resourceType() !== 'document')) return route.fallback();
    if (file !== null && assets.has(file)) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    const original = file?.includes('.v2.') ? new URL(`/assets/${file.replace('.v2.', '.')}`, url).href : url.href;
    const response = await route.fetch({ url: original });
    if (file !== null) served += 1;
    // The new page's start script has a new hash; the test's pages do not enforce the CSP (support/browser.ts).
    return route.fulfill({
      status: response.status(),
      headers: { 'content-type': response.headers()['content-type'] ?? 'text/plain', 'cache-control': 'no-cache' },
      body: rename(await response.text()),
    });
  });
  return { deploy: () => (deployed = true), newAssetsServed: () => served };
}

describe('a new deploy while the app is open', () => {
  it('is picked up when the old chunk is gone: the screen appears, with no error and no blank page', async () => {
    const { page, documentLoads } = await openTab();
    const { deploy, newAssetsServed } = await newDeploy(page);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals' }).waitFor();
    expect(documentLoads()).toBe(1);

    deploy();
    // Whenever the reloaded page has its HTML, something is on screen: the first paint or the loading indicator.
    const painted: boolean[] = [];
    page.on('domcontentloaded', () => {
      void page
        .evaluate(() => [...document.querySelectorAll('#first-paint, #root > *')].some((e) => e.getBoundingClientRect().height > 0))
        .then(
          (p) => painted.push(p),
          () => {},
        );
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals' }).click();

    await dealsScreen(page).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/deals$/);
    expect(documentLoads()).toBe(2);
    expect(newAssetsServed()).toBeGreaterThan(0);
    expect(painted).toEqual([true]);
    expect(await chunkFailed(page).count()).toBe(0);
    // The page runs the new deploy's entry.
    const entry = await page.evaluate(() => document.querySelector('script[type="module"]:not([src])')?.textContent ?? '');
    expect(entry).toMatch(/\.v2\.js/);
  });
});

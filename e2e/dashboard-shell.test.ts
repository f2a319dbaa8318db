import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openSignedInPage, screenshot } from './support/browser';
import { accessibleText, headerTitle, isCollapsed, isExpanded, mainNav, readSidebar, waitUntil } from './support/shell';

const OUTSIDE = { x: 900, y: 420 }; // in the main content, clear of even the expanded sidebar

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage('asha@acme.example', pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

async function hoverSidebar(): Promise<void> {
  const box = (await mainNav(page).boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 20);
  await waitUntil(async () => isExpanded(await readSidebar(page)), Date.now());
}

async function collapsedAtRest(): Promise<void> {
  await page.mouse.move(OUTSIDE.x, OUTSIDE.y);
  await waitUntil(async () => isCollapsed(await readSidebar(page)), Date.now());
}

describe('dashboard shell', () => {
  it('expands the sidebar on hover, shows labels and the wordmark, and collapses ~300 ms after the mouse leaves', async () => {
    await page.goto('/dashboard');
    // The server's first paint draws a sidebar that does not answer the mouse: hover once the app's own is on screen.
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    await collapsedAtRest();
    const collapsed = await readSidebar(page);
    expect(collapsed.wordmarkVisible).toBe(false);

    await hoverSidebar();
    await page.waitForTimeout(250); // let the width transition finish before measuring it
    const expanded = await readSidebar(page);
    expect(expanded.labelWidths).toHaveLength(8);
    expect(expanded.wordmarkVisible).toBe(true);
    await screenshot(page, 'dashboard-shell-expanded');

    await page.mouse.move(OUTSIDE.x, OUTSIDE.y);
    const left = Date.now();
    await page.waitForTimeout(150 - (Date.now() - left));
    expect(isExpanded(await readSidebar(page)), 'still expanded 150 ms after leaving').toBe(true);
    const collapsedAfter = await waitUntil(async () => isCollapsed(await readSidebar(page)), left, 1000);
    expect(collapsedAfter).toBeGreaterThanOrEqual(250);
    expect(collapsedAfter).toBeLessThanOrEqual(600);

    // The width animates; once settled, the expanded sidebar is wider than the collapsed one.
    await page.waitForTimeout(400);
    expect(expanded.width).toBeGreaterThan((await readSidebar(page)).width);
  });

  it('cancels the pending collapse when the mouse comes back', async () => {
    await collapsedAtRest();
    await hoverSidebar();
    await page.mouse.move(OUTSIDE.x, OUTSIDE.y);
    await page.waitForTimeout(150);
    await hoverSidebar();
    await page.waitForTimeout(450); // well past the first timer's 300 ms
    expect(isExpanded(await readSidebar(page))).toBe(true);
    await collapsedAtRest();
  });

  it.each([
    ['/dashboard', 'Home'],
    ['/dashboard/deals', 'Deals'],
    ['/dashboard/meetings', 'Meetings'],
    ['/dashboard/upload', 'Upload'],
    ['/dashboard/coaching', 'Coaching'],
    ['/dashboard/settings', 'Settings'],
  ])('titles %s as %s and marks its sidebar entry active', async (path, title) => {
    await page.goto(path);
    await page.getByRole('banner').getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(await headerTitle(page).textContent()).toBe(title);
    const active = mainNav(page).locator('a[aria-current="page"]');
    expect(await active.count()).toBe(1);
    expect((await active.textContent())?.trim()).toBe(title);
  });

  it('sets the title from a sidebar click and navigates there', async () => {
    await page.goto('/dashboard');
    await hoverSidebar();
    await mainNav(page).getByRole('link', { name: 'Deals' }).click();
    await page.waitForURL('**/dashboard/deals');
    await page.getByRole('banner').getByRole('heading', { level: 1, name: 'Deals', exact: true }).waitFor();
    await collapsedAtRest();
  });

  it('shows the organisation name in upper case in the header', async () => {
    await page.goto('/dashboard');
    const org = page.getByRole('banner').getByText('ACME SALES', { exact: true });
    await org.waitFor();
    expect(await org.isVisible()).toBe(true);
  });

  it('shows the Coaching page (issue 31 replaced the placeholder) with its period picker', async () => {
    await page.goto('/dashboard/coaching');
    const heading = page.getByRole('heading', { name: /^(Your team|Your figures)$/ });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(await page.getByText('Stay Tuned - Updates Coming Soon!').count()).toBe(0);
  });

  it('keeps the footer fixed in view on /dashboard', async () => {
    await page.goto('/dashboard');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    expect(await accessibleText(footer)).toBe('Made with a heart in India');
    const box = (await footer.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800 + 1);
    expect(box.y).toBeGreaterThan(0);
  });

  it('saves a full-page screenshot of the shell', async () => {
    await page.goto('/dashboard');
    await headerTitle(page).waitFor();
    await page.getByRole('banner').getByText('ACME SALES', { exact: true }).waitFor();
    await collapsedAtRest();
    await page.evaluate(() => document.fonts.ready);
    const file = await screenshot(page, 'dashboard-shell');
    expect(file).toMatch(/dashboard-shell\.png$/);
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('signed-out footer', () => {
  it('shows the footer on /signin', async () => {
    const guest = await newPage(browser);
    await guest.goto('/signin');
    const footer = guest.getByRole('contentinfo');
    await footer.waitFor();
    expect(await accessibleText(footer)).toBe('Made with a heart in India');
    expect(await footer.isVisible()).toBe(true);
    await screenshot(guest, 'signin');
    await guest.context().close();
  });
});

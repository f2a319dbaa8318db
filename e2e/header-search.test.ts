import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInPage, runAxe, screenshot } from './support/browser';

/** The header search on the real server and the built app, as rahul (a rep) over the demo data. */

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage('rahul@acme.example', pageErrors));
  // The sign-in toast sits over the header for 3 s: gone, the screenshots show the dropdown whole.
  await page.getByText('OTP sent successfully to').waitFor({ state: 'detached', timeout: 10_000 });
});

afterAll(async () => {
  await browser?.close();
});

/** One of rahul's deals, as the deals list gives it. */
async function aDealOfRahul(): Promise<{ deal_id: string; dealname: string }> {
  const response = await page.request.get('/api/deal/get-deals-user-hierarchy?page_size=10&sort=dealname_desc');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { deal_id: string; dealname: string }[] }).data[0]!;
}

describe('header search', () => {
  it('finds a deal by name; ArrowDown and Enter open it', async () => {
    const deal = await aDealOfRahul();
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill(deal.dealname);

    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await listbox.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    const deals = listbox.getByRole('group', { name: 'Deals' }).getByRole('option');
    expect(await deals.first().textContent()).toContain(deal.dealname);

    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'header-search-open');

    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');

    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    await page.getByRole('heading', { name: deal.dealname }).first().waitFor();
    expect(await listbox.count()).toBe(0);
    await screenshot(page, 'header-search-opened-deal');
  });

  it('says when nothing matches, and Escape closes the dropdown', async () => {
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('qqxxzz nothing');
    await page.getByText('No results for "qqxxzz nothing"').waitFor();
    await box.press('Escape');
    await page.getByText('No results for "qqxxzz nothing"').waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('qqxxzz nothing');
    expect(pageErrors).toEqual([]);
  });
});

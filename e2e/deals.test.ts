import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInPage, runAxe, screenshot } from './support/browser';

/**
 * The all-deals list and the deal detail against the real server and its demo data (about 300
 * deals). Expected numbers come from the API with the same filters, never hard-coded; tests that
 * edit deals each take a different deal, so they do not disturb one another.
 */

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

type ApiDeal = {
  deal_id: string;
  dealname: string;
  owner_id: string | null;
  owner_name: string | null;
  pipeline: string;
  pipeline_label: string;
  dealstage: string;
  amount: string | null;
  summary: string | null;
  version: number;
};
type ApiList = { data: ApiDeal[]; total: number; total_amount: string };
type ApiPipeline = { pipelineId: string; label: string; stages: { stageId: string; label: string }[] };

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage('asha@acme.example', pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

/** The API with the page's session, for expected values. */
async function api<T>(path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const countOf = async (query: string) => (await api<ApiList>(`/api/deal/get-deals-user-hierarchy?page_size=10&${query}`)).total;
const dealById = async (id: string) => (await api<{ data: ApiDeal }>(`/api/deal/get_deal_by_id/${id}`)).data;
const pipelines = async () => (await api<{ data: { results: ApiPipeline[] } }>('/api/deal/get-deal-stages')).data.results;

/** The 'N Deals' metric as a number, once the list has settled. */
async function shownCount(): Promise<number> {
  const text = await page.getByText(/^\d+ Deals$/).textContent();
  return Number(text?.split(' ')[0]);
}

const expectCount = (expected: number) => expect.poll(shownCount, { timeout: 10_000 }).toBe(expected);
/** yyyy-mm-dd `days` from today (UTC, as the close-date filter reads its dates). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A yyyy-mm-dd as the filter's tag writes it ('5 Mar 2026'), by the browser's own Intl. */
const shortDate = (iso: string) =>
  page.evaluate(
    (day) =>
      new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    iso,
  );
const tags = () => page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').allTextContents();
const query = () => new URL(page.url()).searchParams;

async function chooseFilter(button: RegExp, option: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('menuitemcheckbox', { name: option, exact: true }).click();
}

async function openList(search = ''): Promise<void> {
  await page.goto(`/dashboard/deals${search}`);
  await page.getByRole('table', { name: 'Deals' }).waitFor();
}

const selectedLabel = (label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

describe('all-deals list', () => {
  it('shows the metrics, the six columns and the page range, and passes axe', async () => {
    const all = await api<ApiList>('/api/deal/get-deals-user-hierarchy?page_size=10');
    expect(all.total).toBeGreaterThan(250);
    await openList();
    await page.getByText(`Showing 1 to 25 of ${all.total} deals`).waitFor();
    expect(await shownCount()).toBe(all.total);
    expect(await page.getByRole('table', { name: 'Deals' }).getByRole('columnheader').allTextContents()).toEqual([
      'Deal name',
      'Stage',
      'Owner',
      'Budget',
      'KDM',
      'Painpoints',
    ]);
    expect(
      await page
        .getByText(/^RS [\d,]+(\.\d+)?$/)
        .first()
        .textContent(),
    ).toMatch(/^RS \d{1,2}(,\d\d)*,\d{3}/);
    expect(await page.getByRole('table', { name: 'Deals' }).locator('tbody tr').count()).toBe(25);
    expect(await page.getByRole('button', { name: 'CLEAR FILTERS' }).count()).toBe(0);
    await screenshot(page, 'deals-list');
    expect(await runAxe(page)).toEqual([]);

    await page.getByRole('button', { name: /BY DEALSTAGES/ }).click();
    await page.getByRole('menu', { name: 'BY DEALSTAGES' }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('narrows by owner, pipeline, stage and close date with a tag each; removes a tag; CLEAR FILTERS resets', async () => {
    const total = await countOf('');
    await openList();

    await chooseFilter(/BY DEALOWNERS/, 'Rahul Verma');
    const byOwner = await countOf('owners=rahul@acme.example');
    expect(byOwner).toBeLessThan(total);
    await expectCount(byOwner);
    expect(await tags()).toEqual(['Owner: Rahul Verma']);

    await chooseFilter(/PIPELINES/, 'Enterprise');
    const byPipeline = await countOf('owners=rahul@acme.example&pipelines=Enterprise');
    await expectCount(byPipeline);
    expect(await tags()).toEqual(['Owner: Rahul Verma', 'Pipeline: Enterprise']);

    // The stage dropdown now lists only the Enterprise stages.
    await page.getByRole('button', { name: /BY DEALSTAGES/ }).click();
    const stageMenu = page.getByRole('menu', { name: 'BY DEALSTAGES' });
    expect(await stageMenu.getByRole('group').count()).toBe(1);
    expect(await stageMenu.getByRole('menuitemcheckbox', { name: 'Contract Sent' }).count()).toBe(0);
    await stageMenu.getByRole('menuitemcheckbox', { name: 'Proposal', exact: true }).click();
    const byStage = await countOf('owners=rahul@acme.example&pipelines=Enterprise&stages=Proposal');
    await expectCount(byStage);
    expect(await tags()).toEqual(['Owner: Rahul Verma', 'Stage: Proposal', 'Pipeline: Enterprise']);

    await page.getByRole('button', { name: 'Remove Owner: Rahul Verma' }).click();
    const byStageAll = await countOf('pipelines=Enterprise&stages=Proposal');
    await page.getByRole('button', { name: /CLOSE DATE/ }).click();
    // A window around today: the demo's close dates sit from 90 days before its seeding to 180 after,
    // so fixed years would hold all of them, then none of them, as the years pass.
    const [from, to] = [dayFromToday(-30), dayFromToday(60)];
    await page.getByLabel('Start Date').fill(from);
    await page.getByLabel('End Date').fill(to);
    await page.getByRole('button', { name: 'Apply' }).click();
    const byDate = await countOf(`pipelines=Enterprise&stages=Proposal&close_from=${from}&close_to=${to}`);
    expect(byDate).toBeGreaterThan(0);
    expect(byDate).toBeLessThan(byStageAll);
    await expectCount(byDate);
    expect(await tags()).toEqual([
      'Stage: Proposal',
      'Pipeline: Enterprise',
      `Close date: ${await shortDate(from)} to ${await shortDate(to)}`,
    ]);
    expect(Object.fromEntries(query())).toMatchObject({ close_from: from, close_to: to });

    await page.getByRole('button', { name: 'Remove Stage: Proposal' }).click();
    await expectCount(await countOf(`pipelines=Enterprise&close_from=${from}&close_to=${to}`));

    await page.getByRole('button', { name: 'CLEAR FILTERS' }).click();
    await expectCount(total);
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'CLEAR FILTERS' }).count()).toBe(0);
    expect(page.url()).toMatch(/\/dashboard\/deals$/);
  });

  it('searches, keeps the state in the URL across reload and Back, and links rows to the detail', async () => {
    await openList();
    await page.getByRole('searchbox', { name: 'Search Deal' }).fill('kaveri');
    await expect.poll(() => query().get('search')).toBe('kaveri');
    const bySearch = await countOf('search=kaveri');
    expect(bySearch).toBeGreaterThan(0);
    await expectCount(bySearch);
    const names = await page.getByRole('table', { name: 'Deals' }).locator('tbody th').allTextContents();
    expect(names.every((n) => /kaveri/i.test(n))).toBe(true);

    await chooseFilter(/PIPELINES/, 'Renewals');
    const both = await countOf('search=kaveri&pipelines=Renewals');
    await expectCount(both);

    await page.reload();
    await page.getByRole('table', { name: 'Deals' }).or(page.getByText('No deals match your filters')).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search Deal' }).inputValue()).toBe('kaveri');
    expect(await tags()).toEqual(['Pipeline: Renewals']);
    await expectCount(both);

    await page.goBack();
    await expect.poll(() => query().get('pipelines')).toBeNull();
    await expectCount(bySearch);
    expect(await page.getByRole('searchbox', { name: 'Search Deal' }).inputValue()).toBe('kaveri');

    const first = page.getByRole('table', { name: 'Deals' }).locator('tbody th a').first();
    const name = await first.textContent();
    await first.click();
    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    await page.getByRole('heading', { level: 2, name: name ?? '' }).waitFor();
    await page.getByRole('link', { name: 'All deals' }).click();
    await expect.poll(() => query().get('search')).toBe('kaveri');
  });

  it("pages with Next and page numbers, shows 'Showing X to Y of Z deals', and changes the page size", async () => {
    const total = await countOf('');
    await openList();
    const firstName = await page.locator('tbody th').first().textContent();
    const nav = page.getByRole('navigation', { name: 'Deals pages' });
    await nav.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 26 to 50 of ${total} deals`).waitFor();
    expect(query().get('page')).toBe('2');
    // The previous page stays on screen until the next one arrives.
    await expect.poll(() => page.locator('tbody th').first().textContent()).not.toBe(firstName);

    await nav.getByRole('button', { name: 'Page 4' }).click();
    await page.getByText(`Showing 76 to 100 of ${total} deals`).waitFor();
    expect(await nav.getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByText('…').count()).toBeGreaterThan(0);

    const lastPage = Math.ceil(total / 25);
    await nav.getByRole('button', { name: `Page ${lastPage}` }).click();
    await page.getByText(`Showing ${(lastPage - 1) * 25 + 1} to ${total} of ${total} deals`).waitFor();
    expect(await nav.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Show: per page' }).selectOption('50');
    await page.getByText(`Showing 1 to 50 of ${total} deals`).waitFor();
    expect(Object.fromEntries(query())).toEqual({ page_size: '50' });
    expect(await page.locator('tbody tr').count()).toBe(50);

    await page.goBack();
    await page.getByText(`Showing ${(lastPage - 1) * 25 + 1} to ${total} of ${total} deals`).waitFor();
  });

  it('exports a CSV of the filtered deals whose rows match the count', async () => {
    const enterprise = (await pipelines()).find((p) => p.label === 'Enterprise')!;
    await openList(`?pipelines=${enterprise.pipelineId}&close_from=2026-01-01`);
    const expected = await countOf(`pipelines=Enterprise&close_from=2026-01-01`);
    await expectCount(expected);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pipewise-deals-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Deal ID,Deal name,Pipeline,Stage,Owner/);
    expect(lines).toHaveLength(expected + 1);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'Enterprise')).toBe(true);
  });
});

describe('deal detail', () => {
  /** Distinct deals for the editing tests, by name order, so no two tests touch the same one. */
  let deals: ApiDeal[];
  beforeAll(async () => {
    deals = (await api<ApiList>('/api/deal/get-deals-user-hierarchy?sort=dealname_asc&page_size=25')).data;
  });

  async function openDeal(id: string): Promise<void> {
    await page.goto(`/dashboard/deals/${id}`);
    await page.getByLabel('Owner', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Owner', { exact: true }).locator('option').count()).toBeGreaterThan(2);
  }

  it('changes the owner through the Save Changes dialog; it persists after reload; passes axe', async () => {
    const deal = deals[0]!;
    await openDeal(deal.deal_id);
    expect(await selectedLabel('Owner')).toBe(deal.owner_name);
    await screenshot(page, 'deal-detail');
    expect(await runAxe(page)).toEqual([]);

    const target = deal.owner_name === 'Meera Iyer' ? 'Kavya Reddy' : 'Meera Iyer';
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: target });
    const dialog = page.getByRole('dialog', { name: 'Save Changes' });
    await dialog.getByText('Do you want to save the changes made to this deal?').waitFor();
    await screenshot(page, 'deal-save-changes-dialog');
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await dealById(deal.deal_id)).owner_name).toBe(target);

    await page.reload();
    await page.getByLabel('Owner', { exact: true }).waitFor();
    await expect.poll(() => selectedLabel('Owner')).toBe(target);
  });

  it('Cancel keeps the old owner', async () => {
    const deal = deals[1]!;
    await openDeal(deal.deal_id);
    const target = deal.owner_name === 'Sneha Kulkarni' ? 'Rohan Gupta' : 'Sneha Kulkarni';
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: target });
    const dialog = page.getByRole('dialog', { name: 'Save Changes' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await selectedLabel('Owner')).toBe(deal.owner_name);
    const after = await dealById(deal.deal_id);
    expect([after.owner_name, after.version]).toEqual([deal.owner_name, deal.version]);
  });

  it("saves the amount on blur, and refuses an empty one with 'Amount cannot be empty'", async () => {
    const deal = deals[2]!;
    await openDeal(deal.deal_id);
    const value = page.getByLabel('Deal Value');
    await value.fill('12,34,567.5');
    await value.press('Tab');
    await expect.poll(async () => (await dealById(deal.deal_id)).amount).toBe('1234567.50');
    expect(await value.inputValue()).toBe('12,34,567.5');

    await value.fill('');
    await value.press('Tab');
    await page.getByRole('alert').filter({ hasText: 'Amount cannot be empty' }).waitFor();
    expect(await value.inputValue()).toBe('12,34,567.5');

    await page.reload();
    await page.getByLabel('Deal Value').waitFor();
    await expect.poll(() => page.getByLabel('Deal Value').inputValue()).toBe('12,34,567.5');
    expect((await dealById(deal.deal_id)).amount).toBe('1234567.50');
  });

  it('asks for the stage again after a pipeline change; the chosen stage saves both', async () => {
    const deal = deals[3]!;
    const all = await pipelines();
    const other = all.find((p) => p.pipelineId !== deal.pipeline)!;
    const stage = other.stages[1]!;
    await openDeal(deal.deal_id);
    await page.getByLabel('Pipeline', { exact: true }).selectOption({ label: other.label });
    await page.getByRole('alert').filter({ hasText: 'Please Select Deal Stage Again' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await selectedLabel('Stage')).toBe('Select stage');
    expect((await dealById(deal.deal_id)).pipeline).toBe(deal.pipeline);

    await page.getByLabel('Stage', { exact: true }).selectOption({ label: stage.label });
    const dialog = page.getByRole('dialog', { name: 'Save Changes' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const saved = await dealById(deal.deal_id);
        return [saved.pipeline, saved.dealstage];
      })
      .toEqual([other.pipelineId, stage.stageId]);
    await page.reload();
    await page.getByLabel('Stage', { exact: true }).waitFor();
    await expect.poll(() => selectedLabel('Stage')).toBe(stage.label);
    expect(await selectedLabel('Pipeline')).toBe(other.label);
  });

  it('opens the full summary from Read more', async () => {
    const deal = deals.find((d, i) => i > 3 && (d.summary?.length ?? 0) > 150)!;
    await openDeal(deal.deal_id);
    await page.getByRole('button', { name: 'Read more: Summary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Summary' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(deal.summary);
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it.each(['999999', 'not-a-deal'])("shows 'Deal not found' for /dashboard/deals/%s", async (id) => {
    await page.goto(`/dashboard/deals/${id}`);
    await page.getByText('Deal not found', { exact: true }).waitFor();
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

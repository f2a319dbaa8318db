import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInPage, runAxe, screenshot } from './support/browser';

/**
 * The home page's calls panel and the 'Upcoming Calls' overlay against the real server and its
 * demo calendar. What each list should hold is worked out from the calendar API's answer in the
 * browser (so 'today' is the browser's local date, as on screen), never hard-coded.
 */

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

type ApiMeeting = {
  id: string;
  summary: string | null;
  start_time: string;
  end_time: string | null;
  all_day: boolean;
  status: string;
  attendees: { email: string }[];
  is_team: boolean | null;
  meet_link: string | null;
};
type Kind = 'today' | 'upcoming';

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage('asha@acme.example', pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

/** The browser's local midnight as ISO: where the panel's lists start. */
const fromToday = () =>
  page.evaluate(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
  });

async function meetings(path: string): Promise<ApiMeeting[]> {
  const response = await page.request.get(`${path}?from=${encodeURIComponent(await fromToday())}`);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { meetings: ApiMeeting[] }).meetings;
}

const yourMeetings = () => meetings('/api/calendar/user-meetings/');
const teamMeetings = async () => (await meetings('/api/calendar/meetings')).filter((m) => m.is_team ?? m.attendees.length > 2);

/** The titles a list should show, in order, by the spec's rules, computed in the browser's time zone. */
function expectedTitles(list: ApiMeeting[], kind: Kind): Promise<string[]> {
  return page.evaluate(
    ([calls, which]) => {
      const now = new Date();
      const key = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
      const start = (m: (typeof calls)[number]) => {
        if (!m.all_day) return new Date(m.start_time);
        const [y, mo, d] = m.start_time.slice(0, 10).split('-').map(Number);
        return new Date(y!, mo! - 1, d!);
      };
      const end = (m: (typeof calls)[number]) => {
        const s = start(m);
        if (m.all_day) return new Date(s.getFullYear(), s.getMonth(), s.getDate() + 1);
        return m.end_time ? new Date(m.end_time) : s;
      };
      const today = (m: (typeof calls)[number]) => key(start(m)) === key(now);
      return calls
        .filter((m) => m.status !== 'cancelled')
        .filter((m) => (which === 'today' ? today(m) : end(m) > now || !today(m)))
        .sort((a, b) => start(a).getTime() - start(b).getTime())
        .map((m) => m.summary?.trim() || (which === 'today' ? 'Meeting' : 'Daily Sync'));
    },
    [list, kind] as const,
  );
}

const callsCard = () => page.getByRole('region', { name: 'Upcoming Calls' });
const titlesIn = (list: Locator) => list.getByRole('listitem').getByRole('heading').allTextContents();

async function openHome(): Promise<void> {
  await page.goto('/dashboard');
  await callsCard().getByRole('tab', { name: 'Your' }).waitFor();
  await page.getByText('Loading meetings...').waitFor({ state: 'detached' });
}

/** The list (or the empty text) a panel shows, checked against the expected titles. */
async function expectList(scope: Locator, name: string, titles: string[], emptyText: string): Promise<void> {
  if (titles.length === 0) {
    await scope.getByText(emptyText).waitFor();
    return;
  }
  const list = scope.getByRole('list', { name });
  await list.waitFor();
  expect(await titlesIn(list)).toEqual(titles);
}

describe('calls panel on the home page', () => {
  it("shows today's to dos and today's calls, and passes axe", async () => {
    const today = await expectedTitles(await yourMeetings(), 'today');
    expect(today.length, 'the demo calendar has calls today').toBeGreaterThan(0);
    await openHome();
    await expect.poll(() => page.getByRole('region', { name: "Today's to dos" }).textContent()).toContain('No to-dos');
    expect(await callsCard().getByRole('tab', { name: 'Your' }).getAttribute('aria-selected')).toBe('true');
    await expectList(callsCard(), "Today's calls", today, 'No calls today');
    const list = callsCard().getByRole('list', { name: "Today's calls" });
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px');
    expect(await list.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(240);
    await screenshot(page, 'calls-home');
    expect(await runAxe(page)).toEqual([]);
  });

  it('disables Join without a meeting link and opens the link in a new tab without an opener', async () => {
    const mine = (await yourMeetings()).filter((m) => m.status !== 'cancelled');
    await openHome();
    await callsCard().getByRole('button', { name: 'View all upcoming calls' }).click();
    const cards = callsCard().getByRole('list', { name: 'Upcoming calls' }).getByRole('listitem');
    await cards.first().waitFor();
    const disabled = await cards.evaluateAll((items) => items.map((li) => li.querySelector('button')?.disabled ?? null));
    expect(disabled).toContain(true);
    expect(disabled).toContain(false);

    const joinable = cards.filter({ has: page.getByRole('button', { name: 'Join', disabled: false }) }).first();
    const title = await joinable.getByRole('heading').textContent();
    const link = mine.find((m) => (m.summary?.trim() || 'Daily Sync') === title)?.meet_link;
    expect(link, `the meeting link of '${title}'`).toBeTruthy();
    // No network here: the meeting site answers from the test.
    await page.context().route(link!, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title>' }));
    const [popup] = await Promise.all([page.context().waitForEvent('page'), joinable.getByRole('button', { name: 'Join' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(new URL(link!).href);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await callsCard().getByRole('button', { name: "View today's calls" }).click();
  });

  it('switches to all upcoming calls (400 px list) and back, remembering it', async () => {
    const upcoming = await expectedTitles(await yourMeetings(), 'upcoming');
    await openHome();
    await callsCard().getByRole('button', { name: 'View all upcoming calls' }).click();
    await expectList(callsCard(), 'Upcoming calls', upcoming, 'No upcoming calls');
    const list = callsCard().getByRole('list', { name: 'Upcoming calls' });
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');
    await page.reload();
    await callsCard().getByRole('list', { name: 'Upcoming calls' }).waitFor();
    await screenshot(page, 'calls-all');
    await callsCard().getByRole('button', { name: "View today's calls" }).click();
    await callsCard().getByRole('button', { name: 'View all upcoming calls' }).waitFor();
  });

  it('shows team calls on the Team tab, chosen with the keyboard and remembered', async () => {
    const team = await expectedTitles(await teamMeetings(), 'today');
    await openHome();
    await callsCard().getByRole('tab', { name: 'Your' }).focus();
    await page.keyboard.press('ArrowRight');
    const teamTab = callsCard().getByRole('tab', { name: 'Team' });
    expect(await teamTab.getAttribute('aria-selected')).toBe('true');
    expect(await teamTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Loading meetings...').waitFor({ state: 'detached' });
    await expectList(callsCard(), "Today's calls", team, 'No calls today');
    await page.reload();
    await callsCard().getByRole('tab', { name: 'Team', selected: true }).waitFor();
    await callsCard().getByRole('tab', { name: 'Your' }).click();
  });

  it('expands the calls card in the right column with a close button', async () => {
    const upcoming = await expectedTitles(await yourMeetings(), 'upcoming');
    await openHome();
    await callsCard().getByRole('heading', { name: 'Upcoming Calls' }).click();
    await callsCard().getByRole('button', { name: 'Close Upcoming Calls' }).waitFor();
    expect(await page.getByRole('region', { name: "Today's to dos" }).count()).toBe(0);
    await expectList(callsCard(), 'Upcoming calls', upcoming, 'No upcoming calls');
    await screenshot(page, 'calls-expanded');
    expect(await runAxe(page)).toEqual([]);
    await callsCard().getByRole('button', { name: 'Close Upcoming Calls' }).click();
    await page.getByRole('region', { name: "Today's to dos" }).waitFor();
  });
});

describe('upcoming calls overlay', () => {
  it("opens 'Upcoming Calls' from the Meetings screen with your meetings and Join buttons", async () => {
    const upcoming = await expectedTitles(await yourMeetings(), 'upcoming');
    await page.goto('/dashboard/meetings');
    const opener = page.getByRole('button', { name: 'View upcoming calls' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Upcoming Calls' });
    await dialog.waitFor();
    const section = dialog.getByRole('region', { name: 'Your Meetings' });
    await page.getByText('Loading meetings...').waitFor({ state: 'detached' });
    await expectList(section, 'Your Meetings', upcoming, 'No upcoming calls');
    expect(await section.getByRole('button', { name: 'Join' }).count()).toBe(upcoming.length);
    await screenshot(page, 'calls-overlay');
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

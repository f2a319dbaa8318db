import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSignedInPage, runAxe, screenshot } from './support/browser';

/**
 * Coaching (issue 31), in Chromium against the demo server:
 * - an admin (Vikram) sets the workspace's competitors under Settings;
 * - he uploads a call whose transcript names its speakers and finds, on the meeting page's Call stats tab, who
 *   spoke when (a click plays from there), the talk ratio per person and side, the longest monologue and customer
 *   story, the questions, and the competitor he just added among the mentions;
 * - a transcript without speakers says so and shows only the figures that need none;
 * - a stereo recording (one voice per channel) has its sides from the channels, left for the team, and swaps them;
 * - the Coaching page: the admin's table of everyone, sortable, with out-of-band marks, opening a rep's page with
 *   figure cards, the team median, the weekly trend and the best and worst calls (each opens the call at its moment);
 * - a manager (Meera) sees only her team; a rep (Kavya) sees her own figures and gets 404 for another team's rep.
 * Each screen passes axe at desktop width and at 390 px without sideways scroll.
 */

const ADMIN = 'vikram@acme.example';
const MANAGER = 'meera@acme.example';
const REP = 'kavya@acme.example';
/** A rep of the other team (Enterprise, under Vikram). */
const OTHER_TEAM_REP = 'rahul@acme.example';
const COMPETITOR = `Northwind Analytics ${Date.now() % 100000}`;
const STEREO = path.join(import.meta.dirname, '..', 'bench', 'coaching', 'stereo', 'stereo-1-alternating.webm');

const VTT = `WEBVTT

1
00:00:01.000 --> 00:00:06.000
Vikram Shah: Thanks for joining, Li. What does your team use for field reports today?

2
00:00:06.500 --> 00:00:20.000
Li Wei: Spreadsheets, mostly. Every evening our managers type the day's visits in by hand, and the numbers are late and often wrong.

3
00:00:20.600 --> 00:00:23.000
Vikram Shah: How many people fill them in each day?

4
00:00:23.800 --> 00:00:31.000
Li Wei: About two hundred. We looked at ${COMPETITOR} last year but the pricing was too high for us.

5
00:00:31.500 --> 00:00:52.000
Vikram Shah: That makes sense. Pipewise reads the visits from the phone, so nobody types them again,
and the pricing is per seat, so you pay for the two hundred people who use it and nothing more.

6
00:00:52.400 --> 00:00:56.000
Li Wei: Good. What would the next step be?

7
00:00:56.500 --> 00:01:02.000
Vikram Shah: I will send over a proposal on Friday and schedule a demo with your managers.
`;

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const opened: Browser[] = [];

async function csrfOf(p: Page): Promise<string> {
  return (await p.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
}

/** axe clean, at desktop width and at 390 px without sideways scroll, with a screenshot of each. */
async function checkScreen(p: Page, name: string): Promise<void> {
  expect(await runAxe(p), `${name} at desktop`).toEqual([]);
  await screenshot(p, `coaching-${name}`);
  const { width, height } = p.viewportSize()!;
  await p.setViewportSize({ width: 390, height: 844 });
  try {
    expect(await runAxe(p), `${name} at 390 px`).toEqual([]);
    const { overflow, wide } = await p.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const outside = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 0.5);
      return {
        overflow: document.documentElement.scrollWidth - width,
        wide: outside.slice(0, 4).map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ').join('.')}`),
      };
    });
    expect(overflow, `${name} scrolls sideways at 390 px (${wide.join(', ')})`).toBeLessThanOrEqual(0);
    await screenshot(p, `coaching-${name}-390`);
  } finally {
    await p.setViewportSize({ width, height });
  }
}

/** The meeting page's Call stats tab, chosen once the page has settled. */
async function openCallStats(p: Page): Promise<void> {
  const tab = p.getByRole('tab', { name: 'Call stats' });
  await expect
    .poll(async () => {
      await tab.click();
      return tab.getAttribute('aria-selected');
    })
    .toBe('true');
}

/** A deal of the signed-in user's, to file the uploads under. */
async function aDeal(p: Page): Promise<{ id: string; pipeline_id: string }> {
  const deals = (await (await p.request.get('/api/videos/deals')).json()) as { id: string; pipeline_id: string }[];
  expect(deals.length).toBeGreaterThan(0);
  return deals[0]!;
}

/** Uploads over the API (the dialog has its own tests) and waits until the call's stats are computed. */
async function upload(p: Page, kind: 'transcript' | 'file', body: { text?: string; name: string; file?: string }): Promise<string> {
  const deal = await aDeal(p);
  const headers = { 'X-CSRF-Token': await csrfOf(p), Origin: inject('baseURL') };
  const response =
    kind === 'transcript'
      ? await p.request.post('/api/videos/upload-transcription', {
          headers,
          multipart: {
            deal_id: deal.id,
            pipeline_id: deal.pipeline_id,
            upload_type: 'transcription',
            title: body.name,
            document_file: { name: `${body.name}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(body.text!) },
          },
        })
      : await p.request.post('/api/videos/upload', {
          headers,
          multipart: {
            deal_id: deal.id,
            pipeline_id: deal.pipeline_id,
            upload_type: 'file',
            file: { name: body.name, mimeType: 'video/webm', buffer: fs.readFileSync(body.file!) },
          },
        });
  expect(response.status(), await response.text()).toBe(201);
  const id = String(((await response.json()) as { id?: string; data?: { id: string } }).id ?? '');
  expect(id).not.toBe('');
  await expect
    .poll(
      async () => {
        const stats = await p.request.get(`/api/videos/${id}/call-stats`);
        return stats.ok() ? ((await stats.json()) as { state: string }).state : `HTTP ${stats.status()}`;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe('ready');
  return id;
}

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage(ADMIN, pageErrors));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const b of opened) await b.close();
});

describe('call stats', () => {
  let callId = '';

  it('an admin adds a competitor under Settings, and the list is kept', async () => {
    await page.goto('/dashboard/settings');
    const card = page.getByRole('region', { name: 'Competitors' }).or(page.locator('.competitors-card')).first();
    await card.getByLabel('Competitor name').waitFor();
    await card.getByLabel('Competitor name').fill(COMPETITOR);
    await card.getByLabel('Competitor name').press('Enter');
    await card.getByRole('list', { name: 'Competitors' }).getByText(COMPETITOR).waitFor();
    await card.getByRole('button', { name: 'Save competitors' }).click();
    await card.getByText('Unsaved changes').waitFor({ state: 'detached' });
    await checkScreen(page, 'settings-competitors');
    const saved = (await (await page.request.get('/api/coaching/competitors')).json()) as { names: string[] };
    expect(saved.names).toContain(COMPETITOR);
  }, 60_000);

  it('a call with named speakers: who spoke when, talk ratio, monologue, questions and the competitor named', async () => {
    callId = await upload(page, 'transcript', { text: VTT, name: 'Contoso field reports' });
    await page.goto(`/dashboard/meeting/${callId}`);
    await openCallStats(page);
    const timeline = page.getByRole('list', { name: 'Speakers on the timeline' });
    await timeline.waitFor();
    expect(await timeline.getByRole('listitem').count()).toBe(2);
    const perPerson = page.getByRole('list', { name: 'Talk ratio per person' });
    await perPerson.getByText('Vikram Shah').waitFor();
    await perPerson.getByText('Li Wei').waitFor();
    // Vikram spoke 5 + 2.4 + 20.5 + 5.5 = 33.4 s of 33.4 + 13.5 + 7.2 + 3.6 = 57.7 s: 58%.
    expect(await perPerson.textContent()).toContain('58%');
    const figures = page.getByRole('region', { name: 'Figures', exact: true });
    // Vikram's longest monologue: 20.5 s from 0:31 (a transcript without media: the time is text, not a play button).
    expect(await figures.textContent()).toMatch(/21 s\s*Vikram Shah, from 0:31/);
    expect(await figures.textContent()).toContain('2 questions');
    const mentions = page.getByRole('region', { name: 'Mentions' });
    await mentions.getByText(COMPETITOR, { exact: false }).first().waitFor();
    await checkScreen(page, 'call-stats');
  }, 150_000);

  it('a transcript without speakers says so and shows only the figures that need none', async () => {
    const plain = 'thanks for joining today we will look at the pricing for the dealer portal and the next steps for the rollout';
    const deal = await aDeal(page);
    const response = await page.request.post('/api/videos/upload-transcription', {
      headers: { 'X-CSRF-Token': await csrfOf(page), Origin: inject('baseURL') },
      multipart: {
        deal_id: deal.id,
        pipeline_id: deal.pipeline_id,
        upload_type: 'transcription',
        title: 'A call without speakers',
        transcription_text: plain,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const id = String(((await response.json()) as { id: string }).id);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/videos/${id}/call-stats`)).json()) as { state: string }).state, {
        timeout: 60_000,
      })
      .toBe('ready');
    await page.goto(`/dashboard/meeting/${id}`);
    await openCallStats(page);
    await page.getByText('This call has no separated speakers', { exact: false }).waitFor();
    expect(await page.getByRole('list', { name: 'Speakers on the timeline' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Talk ratio per person' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Mentions' }).getByText('pricing', { exact: false }).first().waitFor();
    await checkScreen(page, 'call-stats-no-speakers');
  }, 90_000);

  it("the demo's mono recording, transcribed offline on first start, says it has no separated speakers", async () => {
    // A real mono video (seed-media/demo-call.mp4) through ffmpeg, the speakers stage and pocketsphinx: never split by guesswork.
    const all = (await (await page.request.get('/api/videos/subordinate-videos?limit=200')).json()) as { id: string; title: string }[];
    const mono = all.find((v) => v.title === 'Recorded call with audio');
    expect(mono, "the demo's media recording").toBeTruthy();
    await expect
      .poll(
        async () => {
          const stats = (await (await page.request.get(`/api/videos/${mono!.id}/call-stats`)).json()) as {
            state: string;
            stats: { speaker_source: string } | null;
          };
          return stats.state === 'ready' ? stats.stats!.speaker_source : stats.state;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('none');
    await page.goto(`/dashboard/meeting/${mono!.id}`);
    await openCallStats(page);
    await page.getByText('This call has no separated speakers', { exact: false }).waitFor();
    expect(await page.getByText('Speakers from the stereo channels', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Speakers on the timeline' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Figures', exact: true }).getByText('Words per minute', { exact: true }).waitFor();
  }, 150_000);

  it('a stereo recording takes its sides from the channels, left for the team, and the sides swap', async () => {
    const id = await upload(page, 'file', { name: 'Dialer call.webm', file: STEREO });
    await page.goto(`/dashboard/meeting/${id}`);
    await openCallStats(page);
    const sides = page.getByText('Speakers from the stereo channels:', { exact: false });
    await sides.waitFor();
    expect(await sides.textContent()).toContain("left is your team's side");
    const timeline = page.getByRole('list', { name: 'Speakers on the timeline' });
    await timeline.waitFor();
    await checkScreen(page, 'call-stats-stereo');
    // A turn on the timeline plays the recording from there.
    const turn = timeline.getByRole('button', { name: /^Play from 0:(0[5-9]|1\d)/ }).first();
    const label = (await turn.getAttribute('aria-label'))!;
    const at = Number(/0:(\d\d)/.exec(label)![1]);
    await turn.click();
    await page.waitForURL((url) => url.searchParams.get('t') === String(at));
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLMediaElement>('video, audio')?.currentTime ?? -1))
      .toBeGreaterThanOrEqual(at);
    await page.getByRole('button', { name: 'Swap sides' }).click();
    await page.getByText("Sides swapped: the right channel is now your team's side.").waitFor();
    const after = (await (await page.request.get(`/api/videos/${id}/call-stats`)).json()) as { team_channel: string };
    expect(after.team_channel).toBe('right');
  }, 150_000);

  it('a rep of the other team gets 404 for the call stats', async () => {
    const other = await openSignedInPage(REP, []);
    opened.push(other.browser);
    expect(callId, 'the call of the test before').not.toBe('');
    expect((await other.page.request.get(`/api/videos/${callId}/call-stats`)).status()).toBe(404);
    // The admin who uploaded it reads it.
    expect((await page.request.get(`/api/videos/${callId}/call-stats`)).status()).toBe(200);
  }, 60_000);
});

describe('the Coaching page', () => {
  it("an admin's table of everyone: sortable, out-of-band marked, a click opens a rep's page", async () => {
    await page.goto('/dashboard/coaching?period=90d');
    await page.getByRole('heading', { name: 'Your team' }).waitFor();
    const table = page.getByRole('table', { name: /Coaching figures per person/ });
    await table.waitFor();
    for (const name of ['Rahul', 'Kavya', 'Rohan', 'Priya'])
      await table
        .getByRole('link', { name: new RegExp(name) })
        .first()
        .waitFor();
    const talk = table.getByRole('columnheader', { name: /Talk ratio/ });
    await talk.getByRole('button').click();
    expect(await talk.getAttribute('aria-sort')).toMatch(/ascending|descending/);
    // The demo's fast talkers are above the 65% band.
    expect(await table.getByText(/Above 65%/).count()).toBeGreaterThan(0);
    await checkScreen(page, 'team');
    await table.getByRole('link', { name: /Rohan/ }).first().click();
    await page.getByRole('heading', { name: /Rohan/ }).waitFor();
    await page
      .getByText(/Based on \d+ calls?/)
      .first()
      .waitFor();
    await page.getByRole('table', { name: /Talk ratio by week/ }).waitFor({ state: 'attached' });
    await checkScreen(page, 'person');
    // A best or worst call opens the meeting at its moment.
    const callLink = page.locator('a[href*="/dashboard/meeting/"]').first();
    const href = (await callLink.getAttribute('href'))!;
    await callLink.click();
    await page.waitForURL((url) => url.pathname === href.split('?')[0]);
    await page.getByRole('tablist', { name: 'Meeting details' }).waitFor();
  }, 120_000);

  it('a manager sees only her team; a rep sees her own figures and 404 for another team', async () => {
    const manager = await openSignedInPage(MANAGER, []);
    opened.push(manager.browser);
    await manager.page.goto('/dashboard/coaching?period=90d');
    const table = manager.page.getByRole('table', { name: /Coaching figures per person/ });
    await table.waitFor();
    await table.getByRole('link', { name: /Kavya/ }).first().waitFor();
    expect(await table.getByText(/Rahul|Priya|Arjun/).count()).toBe(0);

    const rep = await openSignedInPage(REP, []);
    opened.push(rep.browser);
    await rep.page.goto('/dashboard/coaching?period=90d');
    await rep.page.getByRole('heading', { name: 'Your figures' }).waitFor();
    await rep.page
      .getByText(/Team median/i)
      .first()
      .waitFor();
    expect(await rep.page.getByText(/Rahul|Rohan|Priya/).count()).toBe(0);
    await checkScreen(rep.page, 'rep');
    // The admin's table names everyone: the other team's rep by id, which the rep asks for and is refused.
    const everyone = (await (await page.request.get('/api/coaching')).json()) as { rows: { user_id: string; email: string }[] };
    const rahul = everyone.rows.find((r) => r.email === OTHER_TEAM_REP);
    expect(rahul, 'the admin sees the other team').toBeTruthy();
    expect((await rep.page.request.get(`/api/coaching/users/${rahul!.user_id}`)).status()).toBe(404);
  }, 120_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/pipewise-server';
import { launchBrowser, newPage, runAxe, signIn } from './support/browser';

/**
 * Processing as the browser sees it: an uploaded call with real speech goes from 'Processing' to
 * its summary and key points (the server's worker runs ffmpeg and pocketsphinx), the meeting
 * detail shows its length, snapshots and a follow-up email; the seeded recording plays; a file
 * that only looks like an mp4 ends failed with its reason and a Retry.
 */

const MANAGER = 'vikram@acme.example';
/** The seeded recording with media (apps/server/src/cli/seed-recordings-data.ts), uploaded by Vikram's rep Rahul. */
const DEMO_MEDIA_TITLE = 'Recorded call with audio';
const DEMO_MEDIA_FILE = path.join(REPO_ROOT, 'apps/server/src/cli/seed-media/demo-call.mp4');
const PROCESSING_TIMEOUT_MS = 60_000;
const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-processing-shots-'));
const MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-processing-media-'));

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

type ApiVideo = { id: string; title: string; status: string; s3_url: string | null; error: string | null };
type DealOption = { id: string; name: string; pipeline_id: string };
type Pipeline = { pipelineId: string; label: string };

/** The whole page, or only `part` of it (a card), as a PNG to look at. */
async function shot(name: string, part?: Locator): Promise<void> {
  const file = path.join(SHOTS, `${name}.png`);
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
}

async function api<T>(url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Through the upload dialog as a user does it: the first deal with a known pipeline, method 'Video file'. */
async function uploadFile(file: string): Promise<Locator> {
  await page.goto('/dashboard/upload');
  await page.getByRole('region', { name: 'My Videos' }).waitFor();
  const deals = await api<DealOption[]>('/api/videos/deals');
  const pipelines = (await api<{ data: { results: Pipeline[] } }>('/api/deal/get-deal-stages')).data.results;
  const [deal, pipeline] = deals
    .map(
      (d) => [d, pipelines.find((p) => [p.pipelineId.toLowerCase(), p.label.toLowerCase()].includes(d.pipeline_id.toLowerCase()))] as const,
    )
    .find(([, p]) => p)!;
  await page.getByRole('button', { name: 'Upload Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New Video Content' });
  await dialog.getByRole('option', { name: pipeline!.label }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Pipeline').selectOption(pipeline!.pipelineId);
  await dialog.getByLabel('Deal').selectOption(deal.id);
  await dialog.getByRole('radio', { name: 'Video file' }).check();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Video uploaded successfully!').waitFor({ timeout: 30_000 });
  const name = path.basename(file);
  return page
    .getByRole('region', { name: 'My Videos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
}

async function videoId(title: string, list = '/api/videos/my-videos'): Promise<string> {
  const video = (await api<ApiVideo[]>(list)).find((v) => v.title === title);
  expect(video, title).toBeDefined();
  return video!.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, MANAGER);
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(MEDIA_DIR, { recursive: true, force: true });
  console.info(`recordings processing screenshots: ${SHOTS}`);
});

describe('processing, seen from the browser', () => {
  const SPEECH = 'customer-call.mp4';

  it("an uploaded call leaves 'Processing' for its summary and key points", async () => {
    const file = path.join(MEDIA_DIR, SPEECH);
    fs.copyFileSync(DEMO_MEDIA_FILE, file);
    const card = await uploadFile(file);
    await card.getByText('Processing', { exact: true }).waitFor();
    // The list polls while a card is processing; no reload needed.
    await card.getByText('Processing', { exact: true }).waitFor({ state: 'detached', timeout: PROCESSING_TIMEOUT_MS });
    expect(await card.getByText('Failed', { exact: true }).count()).toBe(0);
    await card.getByRole('heading', { name: 'Summary' }).waitFor();
    await card.getByRole('heading', { name: 'Key Points' }).waitFor();
    expect(await card.locator('.video-key-points li').count()).toBeGreaterThan(0);
    await card.getByRole('heading', { name: 'Transcription' }).waitFor();
    await shot('processed-card', card);
    expect(await runAxe(page)).toEqual([]);
  }, 120_000);

  it('its meeting shows the length in minutes, snapshots and an editable follow-up email to copy', async () => {
    await page.goto(`/dashboard/meeting/${await videoId(SPEECH)}`);
    await page.getByRole('heading', { level: 2, name: SPEECH }).waitFor();
    // 25 seconds of speech: rounded up to one minute.
    await page.getByRole('list', { name: 'Meeting facts' }).getByText('1 minute', { exact: true }).waitFor();
    const overview = page.getByRole('region', { name: 'Overview' });
    expect(await overview.getByText('Not available').count()).toBe(0);

    await page.getByRole('tab', { name: 'Snapshots' }).click();
    const snapshots = page.getByRole('tabpanel', { name: 'Snapshots' }).getByRole('img');
    await snapshots.first().waitFor();
    expect(await snapshots.count()).toBeGreaterThan(0);
    await expect.poll(() => snapshots.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot('meeting-snapshots');
    expect(await runAxe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Generate AI Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Follow-up email' });
    const subject = dialog.getByLabel('Subject');
    await subject.waitFor();
    expect(await subject.inputValue()).not.toBe('');
    expect(await dialog.getByLabel('Body').inputValue()).not.toBe('');
    await subject.fill('Thanks for your time today');
    await dialog.getByLabel('Body').fill('Hi,\n\nThanks for the call. Next steps to follow.');
    await shot('ai-email', dialog);
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Email copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Subject: Thanks for your time today\n\nHi,\n\nThanks for the call. Next steps to follow.',
    );
    await page.keyboard.press('Escape');
  });

  it('the seeded recording plays: the video gets data over Range requests and its time advances', async () => {
    let id = '';
    await expect
      .poll(async () => (await api<ApiVideo[]>('/api/videos/subordinate-videos')).find((v) => v.title === DEMO_MEDIA_TITLE && v.s3_url), {
        timeout: PROCESSING_TIMEOUT_MS,
      })
      .toBeTruthy();
    id = await videoId(DEMO_MEDIA_TITLE, '/api/videos/subordinate-videos');
    const mediaStatuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/api/videos/${id}/media`)) mediaStatuses.push(r.status());
    });
    await page.goto(`/dashboard/meeting/${id}`);
    await page.getByRole('heading', { level: 2, name: DEMO_MEDIA_TITLE }).waitFor();
    const video = page.locator(`video[aria-label="Recording: ${DEMO_MEDIA_TITLE}"]`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.message ?? null)).toBeNull();
    expect(mediaStatuses).toContain(206);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await shot('demo-playing');
  });
});

describe('a recording that fails', () => {
  it('shows its reason and Retry on its card; Retry sends it back to processing', async () => {
    // An mp4 header (so the upload is accepted) over bytes no decoder can read.
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 28]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2mp41'),
    ]);
    const file = path.join(MEDIA_DIR, 'broken-call.mp4');
    fs.writeFileSync(file, Buffer.concat([ftyp, Buffer.alloc(64 * 1024, 0x5a)]));
    const card = await uploadFile(file);
    const failure = card.getByRole('alert');
    await failure.getByText('We could not read this file as audio or video.').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    await card.getByText('Failed', { exact: true }).waitFor();
    await shot('failed-card', card);
    expect(await runAxe(page)).toEqual([]);

    const retried = page.waitForResponse((r) => r.url().endsWith('/retry') && r.request().method() === 'POST');
    await failure.getByRole('button', { name: 'Retry' }).click();
    const response = await retried;
    expect(response.status()).toBe(200);
    expect(['uploaded', 'processing']).toContain(((await response.json()) as ApiVideo).status);
    await card.getByText('Processing', { exact: true }).waitFor();
    // The same bytes fail again, with the same words and another Retry.
    await failure.getByRole('button', { name: 'Retry' }).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    expect(await failure.textContent()).toContain('We could not read this file as audio or video.');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});

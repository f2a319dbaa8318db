import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { minimalDocx } from '../apps/server/test/recordings-kit';
import { newPage, openSignedInPage, runAxe, signIn } from './support/browser';
import { driveLink, PRIVATE_DRIVE_FILE_ID, PUBLIC_DRIVE_FILE_ID } from './support/fake-google-drive';
import { makeTestVideo } from './support/test-video';

/**
 * The recordings screens against the real server: Video Insights with real uploads (file, Google
 * Drive link from the stand-in in global-setup, transcription text and documents, and the
 * refusals a user sees in the dialog), the Meetings tabs, a meeting opened by its URL, and the deal timeline. Vikram
 * uploads; Rahul, who reports to him, adds a team recording through the API.
 */

const MANAGER = 'vikram@acme.example';
const REP = 'rahul@acme.example';
const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-recordings-shots-'));
const MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-recordings-media-'));

let browser: Browser;
let page: Page;
let repPage: Page;
const pageErrors: string[] = [];

type ApiVideo = { id: string; title: string; deal_id: string | null; status: string; upload_date: string };
type DealOption = { id: string; name: string; pipeline_id: string };
type Pipeline = { pipelineId: string; label: string };

/** A few seconds of moving test picture with a tone, big enough for the upload to take a moment. */
const makeVideo = () => makeTestVideo(MEDIA_DIR, 'team-call.mp4', { size: '640x360', frameRate: 25, seconds: 4, bitrate: '6M' });

/** The whole page, or only `part` of it (a card), as a PNG to look at. */
async function shot(name: string, part?: Locator): Promise<void> {
  const file = path.join(SHOTS, `${name}.png`);
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
}

async function api<T>(p: Page, url: string): Promise<T> {
  const response = await p.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** A deal the manager may attach recordings to, with its pipeline as the dialog offers it. */
async function pickDeal(as: Page = page): Promise<{ deal: DealOption; pipeline: Pipeline }> {
  const deals = await api<DealOption[]>(as, '/api/videos/deals');
  const pipelines = (await api<{ data: { results: Pipeline[] } }>(as, '/api/deal/get-deal-stages')).data.results;
  for (const deal of deals) {
    const key = deal.pipeline_id.toLowerCase();
    const pipeline = pipelines.find((p) => p.pipelineId.toLowerCase() === key || p.label.toLowerCase() === key);
    if (pipeline) return { deal, pipeline };
  }
  throw new Error('no deal with a known pipeline');
}

async function openUploadDialog(deal: DealOption, pipeline: Pipeline) {
  await page.getByRole('button', { name: 'Upload Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New Video Content' });
  await dialog.getByRole('option', { name: pipeline.label }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Pipeline').selectOption(pipeline.pipelineId);
  await dialog.getByLabel('Deal').selectOption(deal.id);
  return dialog;
}

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage(MANAGER, pageErrors));
  repPage = await newPage(browser);
  await signIn(repPage, REP);
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(MEDIA_DIR, { recursive: true, force: true });
  console.info(`recordings screenshots: ${SHOTS}`);
});

describe('Video Insights', () => {
  it("uploads a file showing 'Uploading... N%', then shows its card", async () => {
    await page.goto('/dashboard/upload');
    await page.getByRole('heading', { level: 2, name: 'Video Insights' }).waitFor();
    await page.getByText('Loading insights...').waitFor({ state: 'detached' });
    const { deal, pipeline } = await pickDeal();
    const dialog = await openUploadDialog(deal, pipeline);
    await dialog.getByLabel('Google Meet link (optional)').fill('https://meet.google.com/abc-defg-hij');
    await dialog.getByRole('radio', { name: 'Video file' }).check();
    await dialog.locator('input[type=file]').setInputFiles(makeVideo());
    await shot('upload-dialog');
    expect(await runAxe(page)).toEqual([]);

    // A slow uplink, so the progress is there to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page
      .locator('button', { hasText: /^Uploading\.\.\. \d+%$/ })
      .first()
      .waitFor();
    await expect.poll(() => dialog.getByRole('status').textContent()).toMatch(/^Uploading\.\.\. \d+%$/);
    expect(await dialog.getByLabel('Pipeline').isDisabled()).toBe(true);
    await page.getByText('Video uploaded successfully!').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await page.getByRole('dialog', { name: 'Upload New Video Content' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Upload Video' }).waitFor();

    const mine = page.getByRole('region', { name: 'My Videos' });
    const card = mine.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'team-call.mp4', exact: true }) });
    await card.waitFor();
    expect(await card.textContent()).toContain(`Deal ID${deal.id}`);
    expect(await card.locator('video').getAttribute('preload')).toBe('metadata');
    // Just uploaded: the card says it is being processed (the list polls until it settles).
    await card.getByText('Processing', { exact: true }).waitFor();
    await shot('video-insights');
    expect(await runAxe(page)).toEqual([]);

    await card.getByRole('button', { name: 'team-call.mp4', exact: true }).click();
    await page.getByRole('dialog', { name: 'team-call.mp4' }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
  }, 90_000);

  it("uploads a transcription: 'Transcription processed successfully!' and a card with its preview", async () => {
    await page.goto('/dashboard/upload');
    await page.getByRole('region', { name: 'My Videos' }).waitFor();
    const { deal, pipeline } = await pickDeal();
    const dialog = await openUploadDialog(deal, pipeline);
    await dialog.getByRole('radio', { name: 'Transcription' }).check();
    const text =
      'Vikram: Thanks for joining. ' +
      'Neha: We want the dealer portal live before October, rolled out region by region, with training for our dealers.';
    await dialog.getByLabel('Transcription text').fill(text);
    await dialog.getByText(`${text.length} characters`).waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Transcription processed successfully!').waitFor({ timeout: 30_000 });
    const card = page
      .getByRole('region', { name: 'My Videos' })
      .getByRole('listitem')
      .filter({ hasText: 'We want the dealer portal' })
      .first();
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Direct Transcription Input', exact: true }).count()).toBe(1);
  });

  it("shows the rep's recording under 'Team Videos'", async () => {
    const { deal, pipeline } = await pickDeal(repPage);
    const csrf = (await repPage.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const response = await repPage.request.post('/api/videos/upload-transcription', {
      headers: { 'X-CSRF-Token': csrf, Origin: inject('baseURL') },
      multipart: {
        deal_id: deal.id,
        pipeline_id: pipeline.pipelineId,
        upload_type: 'transcription',
        title: 'Rahul pricing call',
        transcription_text: 'Rahul: The client asked for a volume discount on the annual plan.',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    await page.goto('/dashboard/upload');
    const team = page.getByRole('region', { name: 'Team Videos' });
    await team.getByRole('button', { name: 'Rahul pricing call', exact: true }).waitFor();
  });
});

describe('Upload dialog: Google Drive links, documents and refusals', () => {
  const SLOW_UPLINK = { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: 256 * 1024 };
  const NORMAL = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

  async function freshDialog() {
    await page.goto('/dashboard/upload');
    await page.getByRole('region', { name: 'My Videos' }).waitFor();
    const { deal, pipeline } = await pickDeal();
    return { deal, dialog: await openUploadDialog(deal, pipeline) };
  }

  it("downloads a shared Google Drive file showing 'Uploading... N%', then shows its card", async () => {
    const { deal, dialog } = await freshDialog();
    await dialog.getByRole('radio', { name: 'Google Drive link' }).check();
    await dialog.getByRole('textbox', { name: 'Google Drive link' }).fill(driveLink(PUBLIC_DRIVE_FILE_ID));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_UPLINK);
    try {
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: /^Uploading\.\.\. \d+%$/ })
        .waitFor();
      await shot('drive-uploading', dialog);
      await page.getByText('Video uploaded successfully!').waitFor({ timeout: 30_000 });
    } finally {
      await cdp.send('Network.emulateNetworkConditions', NORMAL);
    }
    const card = page
      .getByRole('region', { name: 'My Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Google Drive Video', exact: true }) })
      .first();
    await card.waitFor();
    expect(await card.textContent()).toContain(`Deal ID${deal.id}`);
    // The downloaded bytes are stored and served back for playback.
    const src = await card.locator('video').getAttribute('src');
    expect(src).toMatch(/^\/api\/videos\/[^/]+\/media$/);
    const media = await page.request.get(src!, { headers: { Range: 'bytes=0-11' } });
    expect(media.status()).toBe(206);
    expect((await media.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    await shot('drive-card', card);
    expect(await runAxe(page)).toEqual([]);
  });

  it('says so when the Drive file is private, keeping the link in the form', async () => {
    const { dialog } = await freshDialog();
    await dialog.getByRole('radio', { name: 'Google Drive link' }).check();
    const link = dialog.getByRole('textbox', { name: 'Google Drive link' });
    await link.fill(driveLink(PRIVATE_DRIVE_FILE_ID));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe(
      'Upload failed: This Google Drive file is private. Connect Google in Settings, or share the file with anyone who has the link.',
    );
    expect(await link.inputValue()).toBe(driveLink(PRIVATE_DRIVE_FILE_ID));
    expect(await dialog.getByRole('button', { name: 'Upload' }).isEnabled()).toBe(true);
    await shot('drive-private', dialog);
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('reads a .txt document into the text box with its character count, and files it', async () => {
    const text = 'Meera: The pilot covers three plants. Vikram: We will send the rollout plan and the training calendar by Friday.';
    const file = path.join(MEDIA_DIR, 'call-notes.txt');
    fs.writeFileSync(file, text);
    const { dialog } = await freshDialog();
    await dialog.getByRole('radio', { name: 'Transcription' }).check();
    await dialog.getByLabel('Transcription document (.pdf, .doc, .docx, .txt, .rtf, .vtt, .srt)').setInputFiles(file);
    await expect.poll(() => dialog.getByLabel('Transcription text').inputValue()).toBe(text);
    await dialog.getByText(`${text.length} characters`, { exact: true }).waitFor();
    await shot('document-txt', dialog);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Transcription processed successfully!').waitFor({ timeout: 30_000 });
    const card = page
      .getByRole('region', { name: 'My Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Document: call-notes.txt', exact: true }) })
      .first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Document: call-notes.txt', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Document: call-notes.txt' });
    const transcription = detail.locator('.video-transcription');
    await transcription.waitFor();
    // The text box holds the document's own words: the transcript has them once.
    expect(await transcription.textContent()).toBe(text);
    await page.keyboard.press('Escape');
  });

  it("files a .docx document: 'Transcription processed successfully!' and its text on the card", async () => {
    const text = 'Kavya: The renewal is approved for two more years. Finance wants quarterly invoices.';
    const file = path.join(MEDIA_DIR, 'renewal-minutes.docx');
    fs.writeFileSync(file, minimalDocx(text));
    const { dialog } = await freshDialog();
    await dialog.getByRole('radio', { name: 'Transcription' }).check();
    await dialog.getByLabel('Transcription document (.pdf, .doc, .docx, .txt, .rtf, .vtt, .srt)').setInputFiles(file);
    // Only plain text is read in the browser; the server reads the Word file.
    await dialog.getByText('0 characters', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Transcription processed successfully!').waitFor({ timeout: 30_000 });
    const card = page
      .getByRole('region', { name: 'My Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Document: renewal-minutes.docx', exact: true }) })
      .first();
    await card.getByText(text).waitFor();
    await shot('document-docx-card', card);
  });

  it("shows the server's 415 in the dialog for a text file named .mp4", async () => {
    const file = path.join(MEDIA_DIR, 'not-a-video.mp4');
    fs.writeFileSync(file, 'These are meeting notes, not a recording.\n'.repeat(20));
    const { dialog } = await freshDialog();
    await dialog.getByRole('radio', { name: 'Video file' }).check();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe(
      'Upload failed: Unsupported file type. Upload a video or audio file: mp4, mov, webm, mkv, avi, m4a, mp3 or wav.',
    );
    await shot('wrong-type', dialog);
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const mine = await api<ApiVideo[]>(page, '/api/videos/my-videos');
    expect(mine.some((v) => v.title === 'not-a-video.mp4')).toBe(false);
  });
});

describe('Meetings', () => {
  it('lists your meetings and the team meetings; a row opens the detail modal; Details opens the meeting', async () => {
    await page.goto('/dashboard/meetings');
    const table = page.getByRole('table', { name: 'Meetings' });
    await table.getByRole('cell', { name: 'team-call.mp4', exact: true }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Date',
      'Meeting Title',
      'Participants',
      'Deal Associated',
      'Deal Sentiments',
      'Actions',
    ]);
    await shot('meetings-yours');
    expect(await runAxe(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Team Meeting' }).click();
    await table.getByRole('cell', { name: 'Rahul pricing call', exact: true }).waitFor();
    await shot('meetings-team');
    expect(await runAxe(page)).toEqual([]);

    await table.getByRole('cell', { name: 'Rahul pricing call', exact: true }).click();
    await page.getByRole('dialog', { name: 'Rahul pricing call' }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Your Meeting' }).click();
    await page.getByRole('button', { name: 'Details: team-call.mp4' }).click();
    await page.waitForURL(/\/dashboard\/meeting\/[^/]+$/);
    await page.getByRole('heading', { level: 2, name: 'team-call.mp4' }).waitFor();
  });

  it('opens a meeting from its URL alone, with overview, player, participants and snapshots', async () => {
    const mine = await api<ApiVideo[]>(page, '/api/videos/my-videos');
    const video = mine.find((v) => v.title === 'team-call.mp4');
    expect(video).toBeDefined();
    await page.goto(`/dashboard/meeting/${video!.id}`);
    await page.getByRole('heading', { level: 2, name: 'team-call.mp4' }).waitFor();
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.getByRole('tabpanel', { name: 'Participants' }).waitFor();
    await shot('meeting-detail');
    expect(await runAxe(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Snapshots' }).click();
    await page.getByRole('tabpanel', { name: 'Snapshots' }).waitFor();
    await shot('meeting-detail-snapshots');
    expect(await runAxe(page)).toEqual([]);
  });
});

describe('Deal timeline', () => {
  it("lists the deal's recordings with MM/DD/YYYY dates and 12-hour times", async () => {
    const mine = await api<ApiVideo[]>(page, '/api/videos/my-videos');
    const video = mine.find((v) => v.title === 'team-call.mp4')!;
    await page.goto(`/dashboard/deals/${video.deal_id}`);
    const timeline = page.getByRole('complementary', { name: 'Timeline' });
    const event = timeline.getByRole('listitem').filter({ hasText: 'team-call.mp4' });
    await event.waitFor();
    expect(await event.locator('.activity-when').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
    await shot('deal-timeline');
    expect(await runAxe(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

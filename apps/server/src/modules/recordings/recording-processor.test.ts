// Speech to text takes seconds of CPU per clip: the media tests get a minute on a busy machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolMissingError } from '../../adapters/media/run-tool';
import { createPocketsphinxStt } from '../../adapters/stt/pocketsphinx-stt';
import type { SpeechToText } from '../../adapters/stt/stt-port';
import { drainJobs, jobRow } from '../../../test/jobs-fixture';
import {
  createProcessingFixture,
  librivoxClip,
  makeSilentVideo,
  makeSpokenVideo,
  type ProcessingFixture,
} from '../../../test/recordings-fixture';
import { processRecordingJob } from './recording-jobs';

const clipsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-clips-'));
let spoken: string;
/** The processor's temporary directories for one recording. */
const workDirs = (id: string) => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`pipewise-recording-${id}-`));

beforeAll(() => {
  // "he was not an ill disposed young man" + "he might even have been made amiable himself"
  spoken = makeSpokenVideo(path.join(clipsDir, 'call.mp4'), [librivoxClip('0880'), librivoxClip('0930')]);
});
afterAll(() => fs.rmSync(clipsDir, { recursive: true, force: true }));

async function processOnce(f: ProcessingFixture, id: string) {
  const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
  await drainJobs(f.runner);
  return { row: await f.row(id), job: await jobRow(f.database, jobId) };
}

describe('processing a recording with the tools of this machine', () => {
  let f: ProcessingFixture;
  beforeAll(async () => {
    f = await createProcessingFixture({ env: { SNAPSHOT_EVERY_SECONDS: '2' } });
  });
  afterAll(() => f.close());

  it('ends ready with duration, a pocketsphinx transcript, summary, key points, sentiment and snapshots', { timeout: 60_000 }, async () => {
    const id = await f.addRecording({ file: spoken });
    const { row, job } = await processOnce(f, id);
    expect(job.status).toBe('done');
    expect(row).toMatchObject({
      status: 'ready',
      error: null,
      transcriptStatus: 'available',
      snapshotEverySeconds: 2,
      separateChannels: false,
    });
    // 6.3 s of speech; the AAC encoder's padding may round it up to 7.
    expect(row.durationSeconds).toBeOneOf([6, 7]);
    expect(row.transcription).toMatch(/young man/i);
    expect(row.transcription).toMatch(/might even have been made/i);
    expect(row.summary?.length).toBeGreaterThan(10);
    expect(row.keyPoints.length).toBeGreaterThanOrEqual(1);
    expect(row.sentiment).toMatch(/^(positive|neutral|negative)$/);
    expect(row.processedAt).toBeInstanceOf(Date);
    // One every 2 seconds: at 0, 2, 4 (and 6 when the file lasts 7 s).
    const shots = Math.ceil(row.durationSeconds! / 2);
    expect(row.snapshotKeys).toEqual(Array.from({ length: shots }, (_, n) => `recordings/${id}/snapshots/${n}.jpg`));
    const jpeg = await f.storage.get(row.snapshotKeys[0]!);
    const head = await jpeg!.body.toArray().then((chunks: Buffer[]) => Buffer.concat(chunks).subarray(0, 2));
    expect(head.toString('hex')).toBe('ffd8');
    expect(workDirs(id)).toEqual([]);
  });

  it('keeps an uploaded transcription and summarises it, without media', async () => {
    const id = await f.addRecording({ transcription: 'The customer loved the pilot. Finance approved the budget. We sign next week.' });
    const { row } = await processOnce(f, id);
    expect(row).toMatchObject({
      status: 'ready',
      transcriptStatus: 'available',
      durationSeconds: null,
      sentiment: 'positive',
      snapshotKeys: [],
    });
    expect(row.keyPoints).toHaveLength(3);
  });

  it('fails a file that is not media, with words a user can act on', async () => {
    const junk = path.join(clipsDir, 'notes.mp4');
    fs.writeFileSync(junk, 'these are meeting notes, not a video');
    const { row, job } = await processOnce(f, await f.addRecording({ file: junk }));
    expect(row).toMatchObject({ status: 'failed', error: 'We could not read this file as audio or video.', transcription: null });
    expect(job.status).toBe('done');
  });

  it('fails a video whose audio cannot be read', async () => {
    const silent = makeSilentVideo(path.join(clipsDir, 'silent.mp4'), 3);
    const { row } = await processOnce(f, await f.addRecording({ file: silent }));
    expect(row).toMatchObject({ status: 'failed', error: 'We could not read the audio of this file.' });
  });

  it('does nothing to a recording that is already ready', async () => {
    const id = await f.addRecording({ transcription: 'Short call.' });
    const first = await processOnce(f, id);
    const again = await processOnce(f, id);
    expect(again.row.processedAt).toEqual(first.row.processedAt);
    expect(again.job.status).toBe('done');
  });
});

describe('processing without a speech engine', () => {
  it('ends ready and playable, with the transcript unavailable, when pocketsphinx is missing', async () => {
    const f = await createProcessingFixture({ adapters: { stt: createPocketsphinxStt('/nonexistent/pocketsphinx/model') } });
    try {
      const { row } = await processOnce(f, await f.addRecording({ file: spoken }));
      expect(row).toMatchObject({ status: 'ready', transcriptStatus: 'unavailable', transcription: null, summary: null, sentiment: null });
      expect(row.durationSeconds).toBeOneOf([6, 7]);
      expect(row.snapshotKeys).toHaveLength(1);
      expect(await f.storage.stat(row.storageKey!)).not.toBeNull();
    } finally {
      await f.close();
    }
  });

  it('ends ready without duration or transcript when ffmpeg is missing', async () => {
    const missing = () => Promise.reject(new ToolMissingError('ffprobe', 'ffmpeg'));
    const f = await createProcessingFixture({
      adapters: { media: { probe: missing, extractAudio: missing, extractStereoAudio: missing, snapshots: missing } },
    });
    try {
      const { row } = await processOnce(f, await f.addRecording({ file: spoken }));
      expect(row).toMatchObject({
        status: 'ready',
        transcriptStatus: 'unavailable',
        durationSeconds: null,
        snapshotKeys: [],
        separateChannels: null,
      });
      expect(row.completedStages).toContain('speakers');
    } finally {
      await f.close();
    }
  });
});

describe('a worker stopped in the middle', () => {
  it('kills pocketsphinx at shutdown, gives the job back with its attempt; the next run finishes it', { timeout: 120_000 }, async () => {
    const stop = new AbortController();
    const real = createPocketsphinxStt();
    let calls = 0;
    // The first run is stopped while pocketsphinx is busy (as a shutdown or a lost lease would).
    const stt: SpeechToText = {
      name: 'pocketsphinx',
      transcribe(wav, options) {
        if (++calls === 1) setTimeout(() => stop.abort(new Error('The worker is shutting down')), 150);
        return real.transcribe(wav, options);
      },
    };
    const f = await createProcessingFixture({ adapters: { stt } });
    try {
      const longer = makeSpokenVideo(path.join(clipsDir, 'longer.mp4'), [librivoxClip('0870'), librivoxClip('0890')]);
      const id = await f.addRecording({ file: longer });
      const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
      const claimed = (await f.runner.claim())!;
      expect(await f.runner.run(claimed, stop.signal)).toBe('released');
      expect((await f.row(id)).status).toBe('processing');
      expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
      expect(workDirs(id)).toEqual([]);

      expect(await drainJobs(f.runner)).toBe(1);
      const row = await f.row(id);
      expect(row).toMatchObject({ status: 'ready', transcriptStatus: 'available' });
      expect(row.durationSeconds).toBeOneOf([12, 13]);
      expect(row.transcription).toMatch(/consider|selfish|cold hearted/i);
      expect(calls).toBe(2);
      expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await f.close();
    }
  });
});

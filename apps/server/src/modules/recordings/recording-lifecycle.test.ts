// Recordings that cannot get stuck: one transaction for the row and its job, failed with a message
// when the job gives up (or its last lease runs out), Retry, resume after saved stages, the sweep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFfmpegMedia } from '../../adapters/media/ffmpeg-media';
import type { MediaTools } from '../../adapters/media/media-port';
import { ToolTimedOutError } from '../../adapters/media/run-tool';
import type { SpeechToText } from '../../adapters/stt/stt-port';
import { execute } from '../../db/client';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf, jobRow } from '../../../test/jobs-fixture';
import { tinyMp4, toneWav } from '../../../test/recordings-kit';
import { createProcessingFixture, type ProcessingFixture } from '../../../test/recordings-fixture';
import { silentLog } from '../../../test/silent-log';
import { createRecordingLifecycle } from './recording-lifecycle';
import { createProcessingRepo } from './recording-processor-repo';
import { PROCESSING_MESSAGES } from './recording-messages';
import { processRecordingJob, sweepStuckRecordingsJob } from './recording-jobs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-lifecycle-'));
let clip: string;

/** Speech to text that answers at once and counts its calls; `failNext` makes the next calls fail (a passing failure). */
const countingStt = () => {
  const stt = {
    name: 'counting',
    calls: 0,
    failNext: 0,
    onCall: (_n: number) => undefined as void,
    async transcribe() {
      stt.calls += 1;
      stt.onCall(stt.calls);
      if (stt.failNext > 0) {
        stt.failNext -= 1;
        throw new Error('speech server overloaded');
      }
      return { text: `Piece ${stt.calls} was heard.` };
    },
  };
  return stt satisfies SpeechToText;
};

/** The machine's ffmpeg, with `probe` and `snapshots` failing (a passing failure) while their counters are above zero. */
const flakyMedia = () => {
  const real = createFfmpegMedia();
  const media = {
    probeFailures: 0,
    snapshotFailures: 0,
    onSnapshots: () => undefined as void,
    probe: (input: string, o: { signal?: AbortSignal }) =>
      media.probeFailures-- > 0 ? Promise.reject(new ToolTimedOutError('ffprobe', 120_000)) : real.probe(input, o),
    extractAudio: real.extractAudio,
    extractStereoAudio: real.extractStereoAudio,
    snapshots: (...args: Parameters<MediaTools['snapshots']>) => {
      media.onSnapshots();
      return media.snapshotFailures-- > 0 ? Promise.reject(new ToolTimedOutError('ffmpeg', 60_000)) : real.snapshots(...args);
    },
  };
  return media satisfies MediaTools;
};

let f: ProcessingFixture;
let stt: ReturnType<typeof countingStt>;
let media: ReturnType<typeof flakyMedia>;

beforeAll(async () => {
  clip = path.join(dir, 'call.mp4');
  fs.writeFileSync(clip, tinyMp4());
  stt = countingStt();
  media = flakyMedia();
  f = await createProcessingFixture({ adapters: { stt, media }, env: { SNAPSHOT_EVERY_SECONDS: '2' } });
}, 120_000);
afterAll(async () => {
  await f.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await execute(f.database.db, sql`delete from jobs`);
  Object.assign(stt, { calls: 0, failNext: 0, onCall: () => undefined });
  Object.assign(media, { probeFailures: 0, snapshotFailures: 0, onSnapshots: () => undefined });
});

const lifecycle = () =>
  createRecordingLifecycle({ db: f.database.db, queue: f.services.queue, processing: createProcessingRepo(f.database.db) });
const newRow = (title: string) => ({ organizationId: f.organizationId, uploaderEmail: 'rep@p.example', title, uploadType: 'file' });
const jobsFor = (id: string) =>
  execute<{ id: number; status: string; attempts: number }>(
    f.database.db,
    sql`select id::int, status, attempts from jobs where payload->>'recordingId' = ${id} order by id`,
  );
/** Claims and runs one due processing job, as one worker's turn would (a retry that becomes due meanwhile waits). */
const runOnce = async () => f.runner.run((await f.runner.claim('media'))!, new AbortController().signal);
/** Makes every queued job due now (skips the retry backoff). */
const dueNow = () => execute(f.database.db, sql`update jobs set run_at = now() where status = 'queued'`);

describe('the recording and its processing job', () => {
  it('are written in one transaction: a failure between the two leaves neither', async () => {
    const dying = createRecordingLifecycle({
      db: f.database.db,
      processing: createProcessingRepo(f.database.db),
      queue: {
        enqueue: async () => {
          throw new Error('the worker died between the recording and its job');
        },
      },
    });
    await expect(dying.file(newRow('Never half-filed'))).rejects.toThrow('the worker died');
    const left = await execute(f.database.db, sql`select id from recordings where title = 'Never half-filed'`);
    expect(left).toEqual([]);
  });

  it('are both there once the upload is answered (a crash right after leaves the job to run)', async () => {
    const id = await lifecycle().file(newRow('Filed with its job'));
    expect(await jobsFor(id)).toMatchObject([{ status: 'queued', attempts: 0 }]);
    expect((await f.row(id)).status).toBe('uploaded');
  });
});

describe('a job that fails for good', () => {
  it('after its last attempt leaves the recording failed with a message; Retry queues it again and it ends ready', async () => {
    const id = await f.addRecording({ file: clip });
    const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
    media.probeFailures = 3;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await dueNow();
      expect(await runOnce()).toBe(attempt < 3 ? 'retry' : 'failed');
    }
    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await f.row(id)).toMatchObject({ status: 'failed', error: PROCESSING_MESSAGES.gaveUp });

    expect(await lifecycle().retry(f.organizationId, id)).toBe(true);
    expect(await lifecycle().retry(f.organizationId, id)).toBe(false);
    expect(await drainJobs(f.runner)).toBe(1);
    expect(await f.row(id)).toMatchObject({
      status: 'ready',
      error: null,
      transcriptStatus: 'available',
      transcription: 'Piece 1 was heard.',
    });
  });

  it('when the lease of its last attempt runs out, leaves the recording failed with the message', async () => {
    const id = await f.addRecording({ file: clip });
    const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
    await execute(f.database.db, sql`update jobs set attempts = max_attempts - 1 where id = ${jobId}`);
    // The last attempt is claimed (the recording starts processing), then its worker dies.
    const claimed = (await f.runner.claim('media'))!;
    expect(claimed.attempts).toBe(3);
    await execute(f.database.db, sql`update recordings set status = 'processing' where id = ${id}`);
    await execute(f.database.db, sql`update jobs set locked_until = now() - interval '1 second' where id = ${jobId}`);
    expect(await f.runner.claim('media')).toBeNull();
    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'failed' });
    expect(await f.row(id)).toMatchObject({ status: 'failed', error: PROCESSING_MESSAGES.gaveUp });
  });
});

describe('a run cut short', () => {
  it('resumes after the transcript stage: the transcript is not made again', async () => {
    const id = await f.addRecording({ file: clip });
    const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
    media.snapshotFailures = 1;
    expect(await runOnce()).toBe('retry');
    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await f.row(id)).toMatchObject({
      status: 'processing',
      transcription: 'Piece 1 was heard.',
      completedStages: ['duration', 'speakers', 'transcript'],
    });

    await dueNow();
    await drainJobs(f.runner);
    expect(stt.calls).toBe(1);
    expect(await f.row(id)).toMatchObject({ status: 'ready', transcription: 'Piece 1 was heard.' });
    expect((await f.row(id)).snapshotKeys).toHaveLength(1);
  });

  it('by a shutdown neither uses up an attempt nor makes the transcript again', async () => {
    const id = await f.addRecording({ file: clip });
    const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
    const deploy = new AbortController();
    media.onSnapshots = () => deploy.abort(new Error('The worker is shutting down'));
    const claimed = (await f.runner.claim('media'))!;
    expect(await f.runner.run(claimed, deploy.signal)).toBe('released');
    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });

    media.onSnapshots = () => undefined;
    expect(await drainJobs(f.runner)).toBe(1);
    expect(stt.calls).toBe(1);
    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'done', attempts: 1 });
    expect((await f.row(id)).status).toBe('ready');
  });

  it('in the middle of a long transcript resumes after its last saved piece', { timeout: 180_000 }, async () => {
    // 25 minutes: three pieces of 8 min 20 s; the second one fails once.
    const long = toneWav(path.join(dir, 'long.wav'), 1500);
    const id = await f.addRecording({ file: long });
    const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
    stt.onCall = (n) => {
      if (n === 2) stt.failNext = 1;
    };
    expect(await runOnce()).toBe('retry');
    const halfway = await f.row(id);
    // The engine gave text only: the piece's words, starting where the piece does.
    expect(halfway.transcriptPieces).toEqual([
      {
        start: 0,
        seconds: 500,
        text: 'Piece 1 was heard.',
        segments: [{ start: 0, end: null, speaker: null, text: 'Piece 1 was heard.' }],
      },
    ]);

    stt.onCall = () => undefined;
    await dueNow();
    await drainJobs(f.runner);
    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'done', attempts: 2 });
    const row = await f.row(id);
    // Piece 1 was made once; the failed piece 2 again, then piece 3.
    expect(stt.calls).toBe(4);
    expect(row).toMatchObject({
      status: 'ready',
      transcription: 'Piece 1 was heard. Piece 3 was heard. Piece 4 was heard.',
      transcriptPieces: null,
    });
  });
});

describe('the stuck-recordings sweep', () => {
  it('queues a job for a recording left without one, fails one whose jobs all ended, and leaves the others', async () => {
    const db = f.database.db;
    const stuckNoJob = await f.addRecording({ file: clip, title: 'Never queued' });
    const stuckJobFailed = await f.addRecording({ file: clip, title: 'Job failed, recording not told' });
    const withLiveJob = await f.addRecording({ file: clip, title: 'Queued' });
    const recent = await f.addRecording({ file: clip, title: 'Just uploaded' });
    const failedJob = (await f.services.queue.enqueue(processRecordingJob, { recordingId: stuckJobFailed }))!;
    await execute(db, sql`update jobs set status = 'failed' where id = ${failedJob}`);
    await f.services.queue.enqueue(processRecordingJob, { recordingId: withLiveJob }, { runAt: new Date(Date.now() + 3600_000) });
    await execute(
      db,
      sql`update recordings set status = 'processing', updated_at = now() - interval '1 hour'
          where id in (${stuckNoJob}, ${stuckJobFailed}, ${withLiveJob})`,
    );

    await f.services.queue.enqueue(sweepStuckRecordingsJob, {});
    const sweeper = createJobRunner({ queue: f.services.queue, jobs: handlersOf(f.services, sweepStuckRecordingsJob), log: silentLog });
    expect(await drainJobs(sweeper)).toBe(1);

    expect(await jobsFor(stuckNoJob)).toMatchObject([{ status: 'queued' }]);
    expect(await f.row(stuckJobFailed)).toMatchObject({ status: 'failed', error: PROCESSING_MESSAGES.gaveUp });
    expect((await f.row(withLiveJob)).status).toBe('processing');
    expect((await f.row(recent)).status).toBe('uploaded');
    expect(await jobsFor(recent)).toEqual([]);
    // The requeued one is processed like any other.
    await drainJobs(f.runner);
    expect((await f.row(stuckNoJob)).status).toBe('ready');
  });
});

// The speakers stage: who spoke when on a stereo recording, one voice per channel, saved with the recording.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegMedia } from '../../adapters/media/ffmpeg-media';
import type { MediaTools } from '../../adapters/media/media-port';
import { ToolTimedOutError } from '../../adapters/media/run-tool';
import type { SpeechToText } from '../../adapters/stt/stt-port';
import { execute } from '../../db/client';
import { recordingVoiceTurns } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { createProcessingFixture, type ProcessingFixture } from '../../../test/recordings-fixture';
import { dealOwnedBy, formBody } from '../../../test/recordings-kit';
import { signInAll, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { makeCall, type CallPlan, type Span } from '../../../test/stereo-media';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { processRecordingJob } from './recording-jobs';
import { createRecordingReads } from './recording-reads';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-speakers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TEAM: Span[] = [
  [0.5, 4],
  [9, 13.5],
];
const CUSTOMER: Span[] = [
  [4.6, 8.4],
  [14, 19],
];
const call = (name: string, plan: Partial<CallPlan> = {}) =>
  makeCall(path.join(dir, name), { seconds: 20, left: TEAM, right: CUSTOMER, ...plan });
/** The call as the transcript stage would read it: uploaded with the recording, so no speech engine runs. */
const TRANSCRIPT = 'Thanks for joining. Happy to be here.';

/** The machine's ffmpeg, counting stereo extractions; snapshots fail (a passing failure) while `snapshotFailures` > 0. */
const countingMedia = () => {
  const real = createFfmpegMedia();
  const media = {
    stereoExtractions: 0,
    snapshotFailures: 0,
    probe: real.probe,
    extractAudio: real.extractAudio,
    extractStereoAudio: (...args: Parameters<MediaTools['extractStereoAudio']>) => {
      media.stereoExtractions += 1;
      return real.extractStereoAudio(...args);
    },
    snapshots: (...args: Parameters<MediaTools['snapshots']>) =>
      media.snapshotFailures-- > 0 ? Promise.reject(new ToolTimedOutError('ffmpeg', 60_000)) : real.snapshots(...args),
  };
  return media satisfies MediaTools;
};

/** Each span heard as one turn of its channel, start and end within 0.3 s. */
function expectTurns(turns: { channel: string; start: number; end: number }[], channel: string, truth: Span[]) {
  const mine = turns.filter((t) => t.channel === channel);
  expect(mine, JSON.stringify(turns)).toHaveLength(truth.length);
  truth.forEach(([start, end], i) => {
    expect(Math.abs(mine[i]!.start - start)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(mine[i]!.end - end)).toBeLessThanOrEqual(0.3);
  });
}

describe('the speakers stage', () => {
  let f: ProcessingFixture;
  let media: ReturnType<typeof countingMedia>;
  beforeAll(async () => {
    media = countingMedia();
    f = await createProcessingFixture({ adapters: { media }, env: { SNAPSHOT_EVERY_SECONDS: '5' } });
  }, 60_000);
  afterAll(() => f.close());

  const processOnce = async (id: string) => {
    await f.services.queue.enqueue(processRecordingJob, { recordingId: id });
    await drainJobs(f.runner);
    return f.row(id);
  };
  const turnRows = (id: string) =>
    f.database.db
      .select({ seq: recordingVoiceTurns.seq, channel: recordingVoiceTurns.channel })
      .from(recordingVoiceTurns)
      .where(eq(recordingVoiceTurns.recordingId, id))
      .orderBy(asc(recordingVoiceTurns.seq));

  it("saves each channel's turns of a stereo call, also when the transcript was uploaded with it", { timeout: 60_000 }, async () => {
    const id = await f.addRecording({ file: call('stereo.m4a'), transcription: TRANSCRIPT });
    const row = await processOnce(id);
    expect(row).toMatchObject({ status: 'ready', separateChannels: true, transcription: TRANSCRIPT });
    expect(row.completedStages).toContain('speakers');
    const heard = await createRecordingReads(f.database.db).voiceTurns(id);
    expect(heard.separated).toBe(true);
    expectTurns(heard.turns, 'left', TEAM);
    expectTurns(heard.turns, 'right', CUSTOMER);
    // In time order, numbered from 0.
    expect(heard.turns.map((t) => t.start)).toEqual([...heard.turns.map((t) => t.start)].sort((a, b) => a - b));
    expect((await turnRows(id)).map((r) => r.seq)).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['a mono recording', 'mono.m4a', 'mono'],
    ['a stereo file carrying one mix in both channels', 'copied.m4a', 'same-mix'],
  ] as const)('marks %s as not separated, with no turns', { timeout: 60_000 }, async (_name, file, layout) => {
    const id = await f.addRecording({ file: call(file, { layout }), transcription: TRANSCRIPT });
    const row = await processOnce(id);
    expect(row).toMatchObject({ status: 'ready', separateChannels: false });
    expect(await turnRows(id)).toEqual([]);
    expect(await createRecordingReads(f.database.db).voiceTurns(id)).toEqual({ separated: false, turns: [] });
  });

  it('is not run again when a later stage fails and the job resumes', { timeout: 90_000 }, async () => {
    const id = await f.addRecording({ file: call('video.mp4', { video: true }), transcription: TRANSCRIPT });
    media.stereoExtractions = 0;
    media.snapshotFailures = 1;
    await f.services.queue.enqueue(processRecordingJob, { recordingId: id });
    await drainJobs(f.runner);
    const first = await f.row(id);
    expect(first).toMatchObject({ status: 'processing', separateChannels: true });
    expect(first.completedStages).toEqual(expect.arrayContaining(['duration', 'speakers', 'transcript']));
    const turns = await turnRows(id);
    expect(turns).toHaveLength(4);

    await execute(f.database.db, sql`update jobs set run_at = now() where status = 'queued'`);
    await drainJobs(f.runner);
    const row = await f.row(id);
    expect(row).toMatchObject({ status: 'ready', separateChannels: true });
    expect(row.snapshotKeys.length).toBeGreaterThan(0);
    expect(media.stereoExtractions).toBe(1);
    expect(await turnRows(id)).toEqual(turns);
  });

  it('reads a recording that was never processed as unknown', async () => {
    const id = await f.addRecording({ transcription: TRANSCRIPT });
    expect(await createRecordingReads(f.database.db).voiceTurns(id)).toEqual({ separated: null, turns: [] });
  });
});

describe('a stereo call uploaded over the API', () => {
  let t: TestApp;
  let rahul: TestSession;
  /** Speech to text that hears nothing at once (the tones are not speech; the stage under test does not need words). */
  const stt: SpeechToText = { name: 'quiet', transcribe: async () => ({ text: '' }) };

  beforeAll(async () => {
    t = await createTestApp({ seed: true, adapters: { stt } });
    ({ rahul } = await signInAll(t.database.db, { rahul: 'rahul@acme.example' }));
  }, 60_000);
  afterAll(() => t?.close());

  it('is processed into the turns of each side', { timeout: 90_000 }, async () => {
    const deal = await dealOwnedBy(t.database.db, rahul.userId);
    const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file' }, [
      { field: 'file', name: 'Dialer call.m4a', data: fs.readFileSync(call('upload.m4a')), type: 'audio/mp4' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      headers: { ...rahul.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().id;
    const runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, processRecordingJob), log: silentLog });
    expect(await drainJobs(runner)).toBeGreaterThanOrEqual(1);
    const video = await t.app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: rahul.headers });
    expect(video.json()).toMatchObject({ status: 'ready' });
    const heard = await createRecordingReads(t.database.db).voiceTurns(id);
    expect(heard.separated).toBe(true);
    expectTurns(heard.turns, 'left', TEAM);
    expectTurns(heard.turns, 'right', CUSTOMER);
    const [stored] = await execute<{ n: number; org: boolean }>(
      t.database.db,
      sql`select count(*)::int as n, bool_and(v.organization_id = r.organization_id) as org
          from recording_voice_turns v join recordings r on r.id = v.recording_id where v.recording_id = ${id}`,
    );
    expect(stored).toEqual({ n: 4, org: true });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { execute } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startFakeHttpServer, type FakeHttpServer } from '../../../test/fakes/http-fake-server';
import { drainJobs, jobRow } from '../../../test/jobs-fixture';
import { createProcessingFixture, librivoxClip, makeSpokenVideo, type ProcessingFixture } from '../../../test/recordings-fixture';
import { processRecordingJob } from './recording-jobs';

const clipsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-clips-'));
const SPOKEN = 'Thanks for the demo. The pilot results were excellent. Please send the contract this week.';
let clip: string;
let stt: FakeHttpServer;
let llm: FakeHttpServer;
let f: ProcessingFixture;

beforeAll(async () => {
  clip = makeSpokenVideo(path.join(clipsDir, 'call.mp4'), [librivoxClip('0880')]);
  stt = await startFakeHttpServer(() => ({ body: { text: SPOKEN } }));
  llm = await startFakeHttpServer(() => ({ body: chatCompletion('not json at all') }));
  f = await createProcessingFixture({
    env: { STT_URL: stt.url, STT_MODEL: 'whisper-test', STT_API_KEY: 'stt-key', LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'chat-test' },
  });
});
afterAll(async () => {
  await f.close();
  await Promise.all([stt.close(), llm.close()]);
  fs.rmSync(clipsDir, { recursive: true, force: true });
});

async function enqueue(id: string) {
  return (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
}

describe('processing with STT_URL and LLM_BASE_URL set', () => {
  it("sends the audio to the speech-to-text server and keeps its words; the model's summary when it answers well", async () => {
    llm.setAnswer(() => ({
      body: chatCompletion(
        JSON.stringify({ summary: 'The customer will sign this week.', key_points: ['Pilot results excellent', 'Contract this week'] }),
      ),
    }));
    const id = await f.addRecording({ file: clip });
    await enqueue(id);
    await drainJobs(f.runner);
    const row = await f.row(id);
    expect(row).toMatchObject({
      status: 'ready',
      transcriptStatus: 'available',
      transcription: SPOKEN,
      sentiment: 'positive',
      summary: 'The customer will sign this week.',
    });
    expect(row.keyPoints).toEqual(['Pilot results excellent', 'Contract this week']);

    const sent = stt.requests.at(-1)!;
    expect(sent.url).toBe('/v1/audio/transcriptions');
    expect(sent.headers.authorization).toBe('Bearer stt-key');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
    const body = sent.body.toString('latin1');
    expect(body).toMatch(/name="model"\r\n\r\nwhisper-test/);
    // Compressed: 16 kHz mono MP3, not the WAV the local engine reads.
    expect(body).toMatch(/name="file"; filename="audio.mp3"\r\nContent-Type: audio\/mpeg/);
    expect(body).not.toContain('RIFF');
    // A whisper model is asked for its timed segments (a gpt-4o model for plain json, which it alone gives).
    expect(body).toMatch(/name="response_format"\r\n\r\nverbose_json\r\n/);
  });

  it("stores the server's timed segments with its speakers as Speaker 1, 2... in order of first appearance", async () => {
    stt.setAnswer(() => ({
      body: {
        text: 'We need the quote by Friday. I will send it Thursday. Great.',
        segments: [
          { start: 0.4, end: 1.6, text: ' We need the quote by Friday.', speaker: 'SPEAKER_01' },
          { start: 1.7, end: 2.5, text: ' I will send it Thursday.', speaker: 'SPEAKER_00' },
          { start: 2.6, end: 2.9, text: ' Great.', speaker: 'SPEAKER_01' },
        ],
      },
    }));
    const id = await f.addRecording({ file: clip });
    await enqueue(id);
    await drainJobs(f.runner);
    const row = await f.row(id);
    expect(row.transcription).toBe('Speaker 1: We need the quote by Friday.\nSpeaker 2: I will send it Thursday.\nSpeaker 1: Great.');
    const segments = await execute(
      f.database.db,
      sql`select seq, start_seconds, end_seconds, speaker, text from recording_segments where recording_id = ${id} order by seq`,
    );
    expect(segments).toEqual([
      { seq: 0, start_seconds: 0.4, end_seconds: 1.6, speaker: 'Speaker 1', text: 'We need the quote by Friday.' },
      { seq: 1, start_seconds: 1.7, end_seconds: 2.5, speaker: 'Speaker 2', text: 'I will send it Thursday.' },
      { seq: 2, start_seconds: 2.6, end_seconds: 2.9, speaker: 'Speaker 1', text: 'Great.' },
    ]);
    stt.setAnswer(() => ({ body: { text: SPOKEN } }));
  });

  it('falls back to the offline summary when the model answers garbage', async () => {
    llm.setAnswer(() => ({ body: chatCompletion('Sure! Here is a summary: the call went well.') }));
    const id = await f.addRecording({ file: clip });
    await enqueue(id);
    await drainJobs(f.runner);
    const row = await f.row(id);
    expect(row.status).toBe('ready');
    expect(row.keyPoints).toEqual(['Thanks for the demo.', 'The pilot results were excellent.', 'Please send the contract this week.']);
  });

  it('keeps the recording without transcript when the server refuses the audio for good', async () => {
    stt.setAnswer(() => ({ status: 400, body: { error: { message: 'Unsupported file' } } }));
    const id = await f.addRecording({ file: clip });
    await enqueue(id);
    await drainJobs(f.runner);
    expect(await f.row(id)).toMatchObject({ status: 'ready', transcriptStatus: 'unavailable', transcription: null });
  });

  it('retries while the server is down, and ends without transcript after the last attempt', async () => {
    stt.setAnswer(() => ({ status: 503, body: 'overloaded' }));
    const id = await f.addRecording({ file: clip });
    const jobId = await enqueue(id);
    await drainJobs(f.runner);
    expect((await jobRow(f.database, jobId)).status).toBe('queued');
    expect((await f.row(id)).status).toBe('processing');

    stt.setAnswer(() => ({ body: '{"unexpected": true}' }));
    for (let attempt = 2; attempt <= 3; attempt++) {
      await f.database.db.execute(sql`update jobs set run_at = now() where id = ${jobId}`);
      await drainJobs(f.runner);
    }
    expect((await jobRow(f.database, jobId)).status).toBe('done');
    expect(await f.row(id)).toMatchObject({ status: 'ready', transcriptStatus: 'unavailable' });
  });
});

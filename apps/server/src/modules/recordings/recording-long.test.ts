// A three-hour recording with STT_URL against a stand-in that refuses bodies over 25 MB (as OpenAI
// does): the audio goes out compressed in pieces under the limit, and the pieces' words are joined
// in the order they were spoken. About 1 GB of temporary WAV and a minute of CPU for the MP3 encoding.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs, jobRow } from '../../../test/jobs-fixture';
import { startSttStandIn, toneWav, type SttStandIn } from '../../../test/recordings-kit';
import { createProcessingFixture, type ProcessingFixture } from '../../../test/recordings-fixture';
import { processRecordingJob } from './recording-jobs';

const THREE_HOURS = 3 * 3600;
const LIMIT = 25 * 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-long-'));
let stt: SttStandIn;
let f: ProcessingFixture;

beforeAll(async () => {
  stt = await startSttStandIn({ maxBodyBytes: LIMIT });
  f = await createProcessingFixture({ env: { STT_URL: stt.url, STT_MODEL: 'whisper-1' } });
}, 120_000);
afterAll(async () => {
  await f?.close();
  await stt?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a three-hour recording with STT_URL', () => {
  it('is transcribed in compressed pieces under 25 MB, their words joined in the order spoken', { timeout: 900_000 }, async () => {
    // 3 hours of 16 kHz mono WAV is 345.6 MB: sent as it is, OpenAI would refuse it (413).
    const id = await f.addRecording({ file: toneWav(path.join(dir, 'three-hours.wav'), THREE_HOURS), title: 'Quarterly review' });
    const jobId = (await f.services.queue.enqueue(processRecordingJob, { recordingId: id }))!;
    const started = Date.now();
    expect(await drainJobs(f.runner)).toBe(1);
    const seconds = (Date.now() - started) / 1000;

    expect(await jobRow(f.database, jobId)).toMatchObject({ status: 'done', attempts: 1 });
    const row = await f.row(id);
    expect(row).toMatchObject({ status: 'ready', durationSeconds: THREE_HOURS, transcriptStatus: 'available' });
    const sent = stt.requests;
    // Eighteen ten-minute pieces of 16 kHz mono MP3 at 32 kbit/s, each about 2.4 MB, none refused.
    expect(sent).toHaveLength(18);
    for (const r of sent) {
      expect(r).toMatchObject({ status: 200, fileName: 'audio.mp3' });
      expect(r.bytes).toBeLessThan(LIMIT);
      expect(r.audioSeconds).toBeCloseTo(600, 0);
    }
    expect(row.transcription).toBe(Array.from({ length: 18 }, (_, i) => `Words ${i + 1}.`).join(' '));
    const mb = sent.map((r) => (r.bytes / 1e6).toFixed(2));
    const range = `${Math.min(...mb.map(Number))}-${Math.max(...mb.map(Number))} MB`;
    console.info(`3-hour recording: ${sent.length} requests of ${range}, ${seconds.toFixed(0)} s`);
  });
});

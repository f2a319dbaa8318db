import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSttStandIn, toneWav } from '../../../test/recordings-kit';
import { planPieces } from '../media/wav-file';
import { createOpenAiStt } from './openai-stt';
import { SpeechToTextRejectedError } from './stt-port';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-openai-stt-'));
let halfHour: string;
let sixMinutes: string;
beforeAll(() => {
  halfHour = toneWav(path.join(dir, 'half-hour.wav'), 1800);
  sixMinutes = toneWav(path.join(dir, 'six-minutes.wav'), 360);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('planPieces', () => {
  it('cuts audio into equal pieces of at most the given length', () => {
    expect(planPieces(1800, 600)).toEqual([
      { start: 0, seconds: 600 },
      { start: 600, seconds: 600 },
      { start: 1200, seconds: 600 },
    ]);
    expect(planPieces(1300, 600).map((p) => p.seconds)).toEqual([1300 / 3, 1300 / 3, 1300 - (2 * 1300) / 3]);
    expect(planPieces(12, 600)).toEqual([{ start: 0, seconds: 12 }]);
  });
});

describe('createOpenAiStt', () => {
  it('sends half an hour as three compressed ten-minute pieces and joins their words in order', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn();
    try {
      const result = await createOpenAiStt({ url: server.url, model: 'whisper-1', apiKey: undefined }).transcribe(halfHour, {});
      expect(server.requests.map((r) => [r.status, r.fileName, r.responseFormat])).toEqual(
        Array(3).fill([200, 'audio.mp3', 'verbose_json']),
      );
      for (const r of server.requests) {
        expect(r.audioSeconds).toBeCloseTo(600, 0);
        // 16 kHz mono MP3 at 32 kbit/s: about 2.4 MB for ten minutes, against 19.2 MB of WAV.
        expect(r.bytes).toBeLessThan(2.6e6);
      }
      expect(result.text).toBe('Words 1. Words 2. Words 3.');
      // whisper's timed segments, each piece's moved to where the piece starts.
      expect(result.segments!.map((seg) => [Math.round(seg.start), Math.round(seg.end), seg.speaker, seg.text])).toEqual([
        [0, 600, null, 'Words 1.'],
        [600, 1200, null, 'Words 2.'],
        [1200, 1800, null, 'Words 3.'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('splits a piece the server refuses as too large (413) and sends its halves, instead of failing', { timeout: 240_000 }, async () => {
    // A server that takes less than the adapter was told: 30 minutes at 128 kbit/s (28.8 MB) is refused.
    const server = await startSttStandIn({ maxBodyBytes: 25 * 1024 * 1024 });
    try {
      const stt = createOpenAiStt(
        { url: server.url, model: 'whisper-1', apiKey: undefined },
        { maxRequestBytes: 100 * 1024 * 1024, maxRequestSeconds: 1800, bitrateKbps: 128 },
      );
      const result = await stt.transcribe(halfHour, {});
      expect(server.requests.map((r) => r.status)).toEqual([413, 200, 200]);
      expect(server.requests[0]!.bytes).toBeGreaterThan(25 * 1024 * 1024);
      expect(server.requests.slice(1).map((r) => Math.round(r.audioSeconds!))).toEqual([900, 900]);
      expect(result.text).toBe('Words 1. Words 2.');
      expect(result.segments!.map((seg) => Math.round(seg.start))).toEqual([0, 900]);
    } finally {
      await server.close();
    }
  });

  it('asks for plain json, which a model that refuses verbose_json (gpt-4o-transcribe) answers too', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn({ verboseJson: false });
    try {
      const stt = createOpenAiStt({ url: server.url, model: 'gpt-4o-transcribe', apiKey: undefined }, { maxRequestSeconds: 180 });
      const result = await stt.transcribe(sixMinutes, {});
      expect(server.requests.map((r) => [r.status, r.responseFormat, Math.round(r.audioSeconds!)])).toEqual([
        [200, 'json', 180],
        [200, 'json', 180],
      ]);
      expect(result).toEqual({ text: 'Words 1. Words 2.' });
    } finally {
      await server.close();
    }
  });

  it('falls back to plain json, once, when a server refuses verbose_json', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn({ verboseJson: false });
    try {
      const stt = createOpenAiStt({ url: server.url, model: 'my-whisper', apiKey: undefined }, { maxRequestSeconds: 180 });
      expect(await stt.transcribe(sixMinutes, {})).toEqual({ text: 'Words 1. Words 2.' });
      expect(server.requests.map((r) => [r.status, r.responseFormat])).toEqual([
        [400, 'verbose_json'],
        [200, 'json'],
        [200, 'json'],
      ]);
    } finally {
      await server.close();
    }
  });

  it("keeps a diarizing model's speakers (diarized_json) and a verbose_json segment's speaker, with each piece's times", async () => {
    const server = await startSttStandIn({
      answer: (n, seconds, format) => ({
        task: 'transcribe',
        text: `Piece ${n}.`,
        segments: [
          { type: 'transcript.text.segment', id: `seg_${n}a`, start: 1.5, end: 4, text: ' We need pricing. ', speaker: 'A' },
          {
            type: 'transcript.text.segment',
            id: `seg_${n}b`,
            start: 5,
            end: seconds,
            text: `Piece ${n} (${format}).`,
            speaker: n === 1 ? 'B' : 'C',
          },
        ],
      }),
    });
    try {
      const stt = createOpenAiStt({ url: server.url, model: 'gpt-4o-transcribe-diarize', apiKey: undefined }, { maxRequestSeconds: 180 });
      const result = await stt.transcribe(sixMinutes, {});
      expect(server.requests.map((r) => r.responseFormat)).toEqual(['diarized_json', 'diarized_json']);
      expect(result.segments!.map((seg) => [seg.start, Math.round(seg.end), seg.speaker, seg.text])).toEqual([
        [1.5, 4, 'A', 'We need pricing.'],
        [5, 180, 'B', 'Piece 1 (diarized_json).'],
        [181.5, 184, 'A', 'We need pricing.'],
        [185, 360, 'C', 'Piece 2 (diarized_json).'],
      ]);
    } finally {
      await server.close();
    }
  });

  it("refuses a server answer whose segments are not segments, for the job's retry", async () => {
    const server = await startSttStandIn({ answer: () => ({ text: 'Hi.', segments: [{ start: 'soon', text: 'Hi.' }] }) });
    try {
      const stt = createOpenAiStt({ url: server.url, model: 'whisper-1', apiKey: undefined }, { maxRequestSeconds: 360 });
      await expect(stt.transcribe(sixMinutes, {})).rejects.toThrow(/is not a transcription/);
    } finally {
      await server.close();
    }
  });

  it('waits as a busy server asks (429 or 503 with Retry-After) and sends the piece again', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn({
      script: [
        { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '1' } },
        { status: 503, body: { error: { message: 'Overloaded' } }, headers: { 'retry-after': '0' } },
      ],
    });
    try {
      const waits: object[] = [];
      const stt = createOpenAiStt(
        { url: server.url, model: 'whisper-1', apiKey: undefined },
        { maxRequestSeconds: 360, log: { info: (obj) => waits.push(obj) } },
      );
      const started = Date.now();
      expect((await stt.transcribe(sixMinutes, {})).text).toBe('Words 1.');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(server.requests.map((r) => r.status)).toEqual([429, 503, 200]);
      expect(waits).toEqual([
        { status: 429, retryAfterSeconds: 1 },
        { status: 503, retryAfterSeconds: 0 },
      ]);
    } finally {
      await server.close();
    }
  });

  it('fails the piece for a later retry when the server is busy for longer than a minute', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn({
      script: [{ status: 429, body: { error: { message: 'Quota' } }, headers: { 'retry-after': '3600' } }],
    });
    try {
      const stt = createOpenAiStt({ url: server.url, model: 'whisper-1', apiKey: undefined }, { maxRequestSeconds: 360 });
      const error = await stt.transcribe(sixMinutes, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(SpeechToTextRejectedError);
      expect(server.requests.map((r) => r.status)).toEqual([429]);
    } finally {
      await server.close();
    }
  });

  it('gives up on a piece still refused as too large at the shortest length, as a lasting refusal', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn({ maxBodyBytes: 1000 });
    try {
      const stt = createOpenAiStt(
        { url: server.url, model: 'whisper-1', apiKey: undefined },
        { maxRequestBytes: 1e9, minRequestSeconds: 300 },
      );
      await expect(stt.transcribe(halfHour, {})).rejects.toThrow(SpeechToTextRejectedError);
      // 360 s refused, then its first 180 s half refused: no half of 90 s is tried.
      expect(server.requests.map((r) => r.status)).toEqual([413, 413]);
    } finally {
      await server.close();
    }
  });
});

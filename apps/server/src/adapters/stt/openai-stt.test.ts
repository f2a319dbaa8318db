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
  it(
    'sends half an hour as three compressed ten-minute pieces and moves their segments to where each starts',
    { timeout: 240_000 },
    async () => {
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
        expect(result.segments.map((s) => [Math.round(s.start), Math.round(s.end), s.text])).toEqual([
          [0, 600, 'Words 1.'],
          [600, 1200, 'Words 2.'],
          [1200, 1800, 'Words 3.'],
        ]);
      } finally {
        await server.close();
      }
    },
  );

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
      expect(result.segments.map((s) => [Math.round(s.start), Math.round(s.end)])).toEqual([
        [0, 900],
        [900, 1800],
      ]);
    } finally {
      await server.close();
    }
  });

  it('asks for plain json when the server cannot give segments, one segment per piece then', { timeout: 240_000 }, async () => {
    const server = await startSttStandIn({ verboseJson: false });
    try {
      const stt = createOpenAiStt({ url: server.url, model: 'gpt-4o-transcribe', apiKey: undefined }, { maxRequestSeconds: 180 });
      const result = await stt.transcribe(sixMinutes, {});
      expect(server.requests.map((r) => [r.status, r.responseFormat])).toEqual([
        [400, 'verbose_json'],
        [200, 'json'],
        [200, 'json'],
      ]);
      expect(result.segments.map((s) => [Math.round(s.start), Math.round(s.end), s.text])).toEqual([
        [0, 180, 'Words 1.'],
        [180, 360, 'Words 2.'],
      ]);
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

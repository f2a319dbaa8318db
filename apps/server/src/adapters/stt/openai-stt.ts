import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runTool, toolTimeoutMs, type ToolBudget } from '../media/run-tool';
import { planPieces, readWavInfo, writeWavPiece } from '../media/wav-file';
import { joinTranscripts, SpeechToTextRejectedError, type SpeechToText } from './stt-port';

/** `json`, the answer every model gives (gpt-4o-transcribe refuses verbose_json); only the text is kept. */
const ZTranscription = z.object({ text: z.string() });

export type OpenAiSttConfig = { url: string; model: string; apiKey: string | undefined };

export type OpenAiSttOptions = {
  /** The largest request body the server takes (OpenAI: 25 MB); a bigger piece is split before it is sent. */
  maxRequestBytes?: number;
  /** The most audio sent in one request, in seconds (default 10 minutes). */
  maxRequestSeconds?: number;
  /** A piece the server still refuses as too large (413) is split in halves down to this length, then given up. */
  minRequestSeconds?: number;
  /** MP3 bitrate of what is sent, in kbit/s (default 32: 16 kHz mono speech, 4 KB a second). */
  bitrateKbps?: number;
  log?: { info(obj: object, msg: string): void };
};

export const OPENAI_MAX_REQUEST_BYTES = 25 * 1024 * 1024;
/** What the multipart form adds around the file, with room to spare. */
const FORM_OVERHEAD_BYTES = 16 * 1024;
/** Encoding a piece to MP3: far faster than real time, even on a busy core. */
const ENCODE_BUDGET: ToolBudget = { baseMs: 60_000, perMediaSecondMs: 250 };
/** Waiting for one piece's answer: a minute, plus a second per second of audio (a busy server). */
const REQUEST_BUDGET: ToolBudget = { baseMs: 60_000, perMediaSecondMs: 1000 };

type Piece = { start: number; seconds: number };
type Answer = { status: number; body: string; retryAfterSeconds: number | null };

/** A busy server (429, 503) that says when to come back within this long is waited for, up to BUSY_WAITS times a piece. */
const BUSY_WAIT_MAX_SECONDS = 60;
const BUSY_WAITS = 3;

/** Retry-After in seconds (a number or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/**
 * An OpenAI-compatible `/v1/audio/transcriptions` server (OpenAI, a self-hosted Whisper...), set
 * by STT_URL: the base URL, with or without the `/v1` part. The audio goes out as 16 kHz mono MP3
 * in pieces of at most ten minutes and under the request limit; a piece the server refuses as too
 * large (413) is split in halves and sent again. The pieces' words are joined in order.
 */
export function createOpenAiStt(config: OpenAiSttConfig, options: OpenAiSttOptions = {}): SpeechToText {
  const endpoint = `${config.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/audio/transcriptions`;
  const maxRequestBytes = options.maxRequestBytes ?? OPENAI_MAX_REQUEST_BYTES;
  const maxRequestSeconds = options.maxRequestSeconds ?? 600;
  const minRequestSeconds = options.minRequestSeconds ?? 5;
  const bitrateKbps = options.bitrateKbps ?? 32;

  async function encode(wavPath: string, mp3Path: string, seconds: number, signal: AbortSignal | undefined): Promise<void> {
    const args = ['-nostdin', '-v', 'error', '-y', '-i', wavPath, '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame'];
    args.push('-b:a', `${bitrateKbps}k`, '-compression_level', '9', mp3Path);
    await runTool('ffmpeg', args, { signal, timeoutMs: toolTimeoutMs(ENCODE_BUDGET, seconds), debianPackage: 'ffmpeg' });
  }

  async function post(mp3Path: string, seconds: number, signal: AbortSignal | undefined): Promise<Answer> {
    const form = new FormData();
    form.set('model', config.model);
    form.set('response_format', 'json');
    form.set('file', new Blob([await fs.readFile(mp3Path)], { type: 'audio/mpeg' }), 'audio.mp3');
    const timeout = AbortSignal.timeout(toolTimeoutMs(REQUEST_BUDGET, seconds));
    const res = await fetch(endpoint, {
      method: 'POST',
      body: form,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return { status: res.status, body: await res.text(), retryAfterSeconds: retryAfterSeconds(res.headers.get('retry-after')) };
  }

  function parse(body: string): string {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error(`The speech-to-text server did not answer JSON: ${body.slice(0, 200)}`);
    }
    const parsed = ZTranscription.safeParse(json);
    if (!parsed.success) throw new Error(`The speech-to-text server's answer has no text: ${body.slice(0, 200)}`);
    return parsed.data.text.trim();
  }

  return {
    name: 'openai-compatible',
    async transcribe(wavPath, { signal }) {
      const info = await readWavInfo(wavPath);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pipewise-stt-'));
      let n = 0;

      /** The words of one piece of the audio, in order, split further while it is too large. */
      async function send(piece: Piece): Promise<string[]> {
        const splitAll = async () => {
          const out: string[] = [];
          for (const half of planPieces(piece.seconds, piece.seconds / 2))
            out.push(...(await send({ start: piece.start + half.start, seconds: half.seconds })));
          return out;
        };
        const canSplit = piece.seconds / 2 >= minRequestSeconds;
        const base = path.join(dir, `piece-${n++}`);
        const exact = await writeWavPiece(wavPath, info, piece.start, piece.seconds, `${base}.wav`);
        try {
          await encode(`${base}.wav`, `${base}.mp3`, exact.seconds, signal);
        } finally {
          await fs.rm(`${base}.wav`, { force: true });
        }
        try {
          const { size } = await fs.stat(`${base}.mp3`);
          if (size + FORM_OVERHEAD_BYTES > maxRequestBytes && canSplit) return await splitAll();
          let res = await post(`${base}.mp3`, exact.seconds, signal);
          // Rate limited or briefly overloaded: come back when the server says, if that is soon.
          for (let waits = 0; (res.status === 429 || res.status === 503) && waits < BUSY_WAITS; waits++) {
            const after = res.retryAfterSeconds;
            if (after === null || after > BUSY_WAIT_MAX_SECONDS) break;
            options.log?.info({ status: res.status, retryAfterSeconds: after }, 'speech-to-text server is busy: waiting as it asks');
            await sleep(after * 1000, undefined, { signal });
            res = await post(`${base}.mp3`, exact.seconds, signal);
          }
          if (res.status === 413 && canSplit) {
            options.log?.info(
              { start: piece.start, seconds: piece.seconds, bytes: size },
              'speech-to-text server refused a piece as too large: splitting it',
            );
            return await splitAll();
          }
          if (res.status < 200 || res.status >= 300) {
            const why = `The speech-to-text server answered ${res.status}: ${res.body.slice(0, 300)}`;
            // 408/429 and 5xx pass: the job tries again later. Other refusals will not change.
            if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new SpeechToTextRejectedError(why);
            throw new Error(why);
          }
          return [parse(res.body)];
        } finally {
          await fs.rm(`${base}.mp3`, { force: true });
        }
      }

      try {
        const texts: string[] = [];
        for (const piece of planPieces(info.durationSeconds, maxRequestSeconds)) texts.push(...(await send(piece)));
        return { text: joinTranscripts(texts) };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

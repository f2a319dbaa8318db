import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runTool, toolTimeoutMs, type ToolBudget } from '../media/run-tool';
import { planPieces, readWavInfo, writeWavPiece } from '../media/wav-file';
import { joinTranscripts, SpeechToTextRejectedError, type SpeechToText, type SpokenSegment, type Transcription } from './stt-port';

/**
 * The server's answer: `json` (text only, what every model gives), `verbose_json` (whisper: timed
 * segments, some servers with a `speaker` on each) or `diarized_json` (gpt-4o-transcribe-diarize:
 * timed segments with speakers "A", "B"...).
 */
const ZTranscription = z.object({
  text: z.string(),
  segments: z
    .array(
      z.object({
        start: z.number().nonnegative(),
        end: z.number().nonnegative(),
        text: z.string(),
        speaker: z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .nullish(),
});

export type SttResponseFormat = 'json' | 'verbose_json' | 'diarized_json';

/**
 * What to ask a model for: a diarizing model's speakers, whisper's timed segments, and plain json
 * from a model that takes nothing else (gpt-4o-transcribe and gpt-4o-mini-transcribe refuse verbose_json).
 */
export function responseFormatFor(model: string): SttResponseFormat {
  if (/diariz/i.test(model)) return 'diarized_json';
  return /^gpt-4o/i.test(model) ? 'json' : 'verbose_json';
}

/** A 400 that says the server cannot answer in the format asked: ask for plain json instead. */
const refusesFormat = (status: number, body: string) => status === 400 && /response_format|verbose_json|diarized_json/i.test(body);

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
 * large (413) is split in halves and sent again. The pieces' words are joined in order, and their
 * timed segments (with the server's speaker labels, where it gives them) moved to the audio's time.
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

  /** What is asked for; a server that refuses it once is asked for plain json from then on. */
  let format = responseFormatFor(config.model);

  async function post(mp3Path: string, seconds: number, signal: AbortSignal | undefined): Promise<Answer> {
    const form = new FormData();
    form.set('model', config.model);
    form.set('response_format', format);
    // The diarizing model needs a chunking strategy for anything longer than 30 seconds.
    if (format === 'diarized_json') form.set('chunking_strategy', 'auto');
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

  /** The piece's words, and its segments moved by `offset` (the piece's start in the audio given). */
  function parse(body: string, offset: number): Transcription {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error(`The speech-to-text server did not answer JSON: ${body.slice(0, 200)}`);
    }
    const parsed = ZTranscription.safeParse(json);
    if (!parsed.success) throw new Error(`The speech-to-text server's answer is not a transcription: ${body.slice(0, 200)}`);
    const segments: SpokenSegment[] = (parsed.data.segments ?? [])
      .filter((seg) => seg.text.trim())
      .map((seg) => ({
        start: offset + seg.start,
        end: offset + Math.max(seg.start, seg.end),
        speaker: seg.speaker === null || seg.speaker === undefined || seg.speaker === '' ? null : String(seg.speaker),
        text: seg.text.trim(),
      }));
    return { text: parsed.data.text.trim(), segments };
  }

  return {
    name: 'openai-compatible',
    async transcribe(wavPath, { signal }) {
      const info = await readWavInfo(wavPath);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pipewise-stt-'));
      let n = 0;

      /** The words of one piece of the audio, in order, split further while it is too large. */
      async function send(piece: Piece): Promise<Transcription[]> {
        const splitAll = async () => {
          const out: Transcription[] = [];
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
          if (format !== 'json' && refusesFormat(res.status, res.body)) {
            options.log?.info({ status: res.status, format }, 'speech-to-text server refused the response format: asking for plain json');
            format = 'json';
            res = await post(`${base}.mp3`, exact.seconds, signal);
          }
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
          return [parse(res.body, piece.start)];
        } finally {
          await fs.rm(`${base}.mp3`, { force: true });
        }
      }

      try {
        const heard: Transcription[] = [];
        for (const piece of planPieces(info.durationSeconds, maxRequestSeconds)) heard.push(...(await send(piece)));
        const segments = heard.flatMap((h) => h.segments ?? []);
        return { text: joinTranscripts(heard.map((h) => h.text)), ...(segments.length ? { segments } : {}) };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

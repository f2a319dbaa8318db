import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runTool, toolTimeoutMs, type ToolBudget } from '../media/run-tool';
import { planPieces, readWavInfo, writeWavPiece } from '../media/wav-file';
import { SpeechToTextRejectedError, type SpeechToText, type TranscriptSegment, type Transcription } from './stt-port';

const ZTranscription = z.object({
  text: z.string(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
});

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
type PieceAnswer = Transcription & { start: number; end: number };

/**
 * An OpenAI-compatible `/v1/audio/transcriptions` server (OpenAI, a self-hosted Whisper...), set
 * by STT_URL: the base URL, with or without the `/v1` part. The audio goes out as 16 kHz mono MP3
 * in pieces of at most ten minutes and under the request limit; a piece the server refuses as too
 * large (413) is split in halves and sent again. The pieces' words are joined in order, their
 * segments moved by where each piece starts.
 */
export function createOpenAiStt(config: OpenAiSttConfig, options: OpenAiSttOptions = {}): SpeechToText {
  const endpoint = `${config.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/audio/transcriptions`;
  const maxRequestBytes = options.maxRequestBytes ?? OPENAI_MAX_REQUEST_BYTES;
  const maxRequestSeconds = options.maxRequestSeconds ?? 600;
  const minRequestSeconds = options.minRequestSeconds ?? 5;
  const bitrateKbps = options.bitrateKbps ?? 32;
  // Segments need verbose_json; a server that refuses it (some models answer only json) is asked for json from then on.
  let verbose = true;

  async function encode(wavPath: string, mp3Path: string, seconds: number, signal: AbortSignal | undefined): Promise<void> {
    const args = ['-nostdin', '-v', 'error', '-y', '-i', wavPath, '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame'];
    args.push('-b:a', `${bitrateKbps}k`, '-compression_level', '9', mp3Path);
    await runTool('ffmpeg', args, { signal, timeoutMs: toolTimeoutMs(ENCODE_BUDGET, seconds), debianPackage: 'ffmpeg' });
  }

  async function post(mp3Path: string, seconds: number, signal: AbortSignal | undefined): Promise<{ status: number; body: string }> {
    const form = new FormData();
    form.set('model', config.model);
    form.set('response_format', verbose ? 'verbose_json' : 'json');
    form.set('file', new Blob([await fs.readFile(mp3Path)], { type: 'audio/mpeg' }), 'audio.mp3');
    const timeout = AbortSignal.timeout(toolTimeoutMs(REQUEST_BUDGET, seconds));
    const res = await fetch(endpoint, {
      method: 'POST',
      body: form,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return { status: res.status, body: await res.text() };
  }

  function parse(body: string, piece: Piece): PieceAnswer {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error(`The speech-to-text server did not answer JSON: ${body.slice(0, 200)}`);
    }
    const parsed = ZTranscription.safeParse(json);
    if (!parsed.success) throw new Error(`The speech-to-text server's answer has no text: ${body.slice(0, 200)}`);
    const end = piece.start + piece.seconds;
    const segments: TranscriptSegment[] = (parsed.data.segments ?? [])
      .map((s) => ({ start: piece.start + s.start, end: Math.min(end, piece.start + s.end), text: s.text.trim() }))
      .filter((s) => s.text.length > 0);
    return { text: parsed.data.text.trim(), segments, start: piece.start, end };
  }

  return {
    name: 'openai-compatible',
    async transcribe(wavPath, { signal }) {
      const info = await readWavInfo(wavPath);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pipewise-stt-'));
      let n = 0;

      /** The answers for one piece of the audio, split further while it is too large. */
      async function send(piece: Piece): Promise<PieceAnswer[]> {
        const splitAll = async () => {
          const out: PieceAnswer[] = [];
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
          if (res.status === 400 && verbose && /response_format|verbose_json/i.test(res.body)) {
            verbose = false;
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
          return [parse(res.body, { start: exact.startSeconds, seconds: exact.seconds })];
        } finally {
          await fs.rm(`${base}.mp3`, { force: true });
        }
      }

      try {
        const answers: PieceAnswer[] = [];
        for (const piece of planPieces(info.durationSeconds, maxRequestSeconds)) answers.push(...(await send(piece)));
        return joinAnswers(answers);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The pieces' words in order; a piece the server gave no segments for becomes one segment of its own. */
function joinAnswers(answers: PieceAnswer[]): Transcription {
  const segments = answers.flatMap((a) =>
    a.segments.length > 0 ? a.segments : a.text ? [{ start: a.start, end: a.end, text: a.text }] : [],
  );
  return {
    text: answers
      .map((a) => a.text)
      .filter(Boolean)
      .join(' '),
    segments,
  };
}

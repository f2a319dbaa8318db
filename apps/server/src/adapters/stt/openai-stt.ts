import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SpeechToTextRejectedError, type SpeechToText } from './stt-port';

const ZTranscription = z.object({ text: z.string() });

export type OpenAiSttConfig = { url: string; model: string; apiKey: string | undefined };

/** Longest we wait for one file: a long call on a busy server takes minutes. */
const TIMEOUT_MS = 15 * 60_000;

/**
 * An OpenAI-compatible `/v1/audio/transcriptions` server (OpenAI, a self-hosted Whisper...), set
 * by STT_URL: the base URL, with or without the `/v1` part.
 */
export function createOpenAiStt(config: OpenAiSttConfig): SpeechToText {
  const endpoint = `${config.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/audio/transcriptions`;
  return {
    name: 'openai-compatible',
    async transcribe(wavPath, { signal }) {
      const form = new FormData();
      form.set('model', config.model);
      form.set('response_format', 'json');
      form.set('file', new Blob([await fs.readFile(wavPath)], { type: 'audio/wav' }), path.basename(wavPath));
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      const res = await fetch(endpoint, {
        method: 'POST',
        body: form,
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body = await res.text();
      if (!res.ok) {
        const why = `The speech-to-text server answered ${res.status}: ${body.slice(0, 300)}`;
        // 408/429 and 5xx pass: the job tries again later. Other refusals will not change.
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new SpeechToTextRejectedError(why);
        throw new Error(why);
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new Error(`The speech-to-text server did not answer JSON: ${body.slice(0, 200)}`);
      }
      const parsed = ZTranscription.safeParse(json);
      if (!parsed.success) throw new Error(`The speech-to-text server's answer has no text: ${body.slice(0, 200)}`);
      return { text: parsed.data.text.trim() };
    },
  };
}

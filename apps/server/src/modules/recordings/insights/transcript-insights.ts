import { z } from 'zod';
import type { TSentiment } from '@pipewise/contract/videos';
import type { ChatModel } from '../../../adapters/llm/llm-port';
import { extractiveInsights, KEY_POINTS_MAX } from './extractive-summary';
import { transcriptSentiment } from './transcript-sentiment';

export type TranscriptInsights = {
  summary: string | null;
  keyPoints: string[];
  sentiment: TSentiment | null;
  /** Which path wrote the summary: the chat model, or the offline sentence ranking. */
  source: 'model' | 'offline' | 'none';
};

const ZModelInsights = z.object({
  summary: z.string().trim().min(1).max(2000),
  key_points: z.array(z.string().trim().min(1).max(400)).min(1).max(KEY_POINTS_MAX),
});

/** Enough of a long call for the model's context; the offline path reads all of it. */
const MODEL_INPUT_CHARS = 24_000;

const SYSTEM = [
  'You summarise sales meeting transcripts for the sales team.',
  'Answer with one JSON object: {"summary": string, "key_points": string[]}.',
  'summary: 2 to 4 sentences on what was discussed and agreed. key_points: 3 to 7 short points',
  '(fewer only for a very short transcript): needs, objections, decisions, next steps. Use only facts from the transcript.',
].join(' ');

type Log = { warn(obj: object, msg: string): void };

/**
 * Summary, key points and sentiment of a transcript. With a chat model configured the summary and
 * key points come from it; any failure (server down, garbage, a wrong shape) falls back to the
 * offline sentence ranking, so a recording never fails for the model's sake.
 */
export function createTranscriptInsights(deps: { chatModel: ChatModel | undefined; log: Log }) {
  return async function analyze(transcript: string, options: { title?: string; signal?: AbortSignal } = {}): Promise<TranscriptInsights> {
    const text = transcript.trim();
    if (!text) return { summary: null, keyPoints: [], sentiment: null, source: 'none' };
    const { sentiment } = transcriptSentiment(text);
    if (deps.chatModel) {
      try {
        const answer = await deps.chatModel.json({
          system: SYSTEM,
          user: `Meeting: ${options.title ?? 'Untitled'}\n\nTranscript:\n${text.slice(0, MODEL_INPUT_CHARS)}`,
          schema: ZModelInsights,
          signal: options.signal,
        });
        return { summary: answer.summary, keyPoints: answer.key_points, sentiment, source: 'model' };
      } catch (e) {
        options.signal?.throwIfAborted();
        deps.log.warn(
          { error: e instanceof Error ? e.message : String(e) },
          'the chat model could not summarise the transcript: using the offline summary',
        );
      }
    }
    const offline = extractiveInsights(text);
    return { summary: offline.summary || null, keyPoints: offline.keyPoints, sentiment, source: 'offline' };
  };
}

export type AnalyzeTranscript = ReturnType<typeof createTranscriptInsights>;

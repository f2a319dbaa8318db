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

/**
 * The most transcript (or part summaries) one model call reads. A longer transcript is read in
 * parts of this size, each summarised, then the parts' summaries are summarised (map-reduce).
 */
export const MODEL_INPUT_CHARS = 24_000;

const SYSTEM = [
  'You summarise sales meeting transcripts for the sales team.',
  'Answer with one JSON object: {"summary": string, "key_points": string[]}.',
  'summary: 2 to 4 sentences on what was discussed and agreed. key_points: 3 to 7 short points',
  '(fewer only for a very short transcript): needs, objections, decisions, next steps. Use only facts from the transcript.',
].join(' ');

const PART_SYSTEM = [
  'You summarise one part of a long sales meeting transcript for the sales team; other parts are summarised separately.',
  'Answer with one JSON object: {"summary": string, "key_points": string[]}.',
  'summary: 2 to 5 sentences on what was discussed and agreed in this part. key_points: up to 7 short points',
  '(needs, objections, decisions, next steps, names, numbers and dates). Use only facts from this part.',
].join(' ');

const COMBINE_SYSTEM = [
  'You summarise a long sales meeting for the sales team from the summaries of its consecutive parts, given in order.',
  'Answer with one JSON object: {"summary": string, "key_points": string[]}.',
  'summary: 2 to 4 sentences on what was discussed and agreed in the whole meeting. key_points: 3 to 7 short points',
  '(needs, objections, decisions, next steps); later parts may change what earlier parts said. Use only facts from the summaries.',
].join(' ');

type Log = { warn(obj: object, msg: string): void };
type ModelInsights = z.infer<typeof ZModelInsights>;

/** The text cut into parts of at most `max` characters, at sentence ends where it can be (else at a space). */
export function splitForModel(text: string, max = MODEL_INPUT_CHARS): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '), window.lastIndexOf('\n'));
    const cut = sentenceEnd > max / 2 ? sentenceEnd + 1 : window.lastIndexOf(' ') > max / 2 ? window.lastIndexOf(' ') : max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

const asNotes = (answers: ModelInsights[]) =>
  answers.map((a, i) => `Part ${i + 1}: ${a.summary}\n${a.key_points.map((p) => `- ${p}`).join('\n')}`);

/**
 * The model's summary of the whole transcript: one call when it fits, else each part summarised,
 * then the parts' summaries (in groups that fit, again and again) into one.
 */
async function modelInsights(chatModel: ChatModel, text: string, title: string, signal: AbortSignal | undefined): Promise<ModelInsights> {
  const ask = (system: string, user: string) => chatModel.json({ system, user, schema: ZModelInsights, signal });
  if (text.length <= MODEL_INPUT_CHARS) return ask(SYSTEM, `Meeting: ${title}\n\nTranscript:\n${text}`);
  const parts = splitForModel(text);
  let answers: ModelInsights[] = [];
  for (const [i, part] of parts.entries()) {
    answers.push(await ask(PART_SYSTEM, `Meeting: ${title}\nPart ${i + 1} of ${parts.length}\n\nTranscript:\n${part}`));
  }
  for (;;) {
    const notes = asNotes(answers);
    const all = notes.join('\n\n');
    if (all.length <= MODEL_INPUT_CHARS)
      return ask(COMBINE_SYSTEM, `Meeting: ${title}\n\nSummaries of its ${answers.length} parts:\n${all}`);
    // Too many parts for one call: combine neighbouring summaries first.
    const groups: ModelInsights[][] = [];
    let size = 0;
    for (const [i, answer] of answers.entries()) {
      if (groups.length === 0 || size + notes[i]!.length > MODEL_INPUT_CHARS) {
        groups.push([]);
        size = 0;
      }
      groups.at(-1)!.push(answer);
      size += notes[i]!.length + 2;
    }
    // Each group holds at least two summaries (each is far below the limit), so this ends.
    const combined: ModelInsights[] = [];
    for (const group of groups) {
      combined.push(
        group.length === 1
          ? group[0]!
          : await ask(PART_SYSTEM, `Meeting: ${title}\n\nSummaries of consecutive parts:\n${asNotes(group).join('\n\n')}`),
      );
    }
    answers = combined;
  }
}

/**
 * Summary, key points and sentiment of a transcript. With a chat model configured the summary and
 * key points come from it, read over the whole transcript (see modelInsights); any failure (server
 * down, garbage, a wrong shape) falls back to the offline sentence ranking, so a recording never
 * fails for the model's sake.
 */
export function createTranscriptInsights(deps: { chatModel: ChatModel | undefined; log: Log }) {
  return async function analyze(transcript: string, options: { title?: string; signal?: AbortSignal } = {}): Promise<TranscriptInsights> {
    const text = transcript.trim();
    if (!text) return { summary: null, keyPoints: [], sentiment: null, source: 'none' };
    const { sentiment } = transcriptSentiment(text);
    if (deps.chatModel) {
      try {
        const answer = await modelInsights(deps.chatModel, text, options.title ?? 'Untitled', options.signal);
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

import { z } from 'zod';
import type { ChatModel } from '../../../adapters/llm/llm-port';
import { clip, day } from '../questions/answer-format';
import { clock, NOT_IN_CALLS, quoteSource, quoteView, type Quote, type Quotes } from '../questions/answer-said';
import { localDate } from '../questions/time-zone';

/**
 * "What did Kaveri say about pricing" with a model: it reads only the passages the offline search
 * retrieved from the caller's calls (numbered), answers from them and cites them by number. Its
 * citations are checked: a number that is no passage, an answer that cites none, fails the answer
 * (the offline one is given instead). The cited passages are the answer's sources, each a link that
 * plays the call from that moment.
 */

const ZCitedAnswer = z.object({
  answer: z.string().trim().min(1).max(3000),
  cited: z.array(z.number().int()).max(30),
});

const SYSTEM = [
  'You answer questions about what was said on the sales calls of the signed-in user of Pipewise, a sales CRM.',
  'Answer only from the numbered passages below: each is a sentence said on a call, with the call, the date, the moment and the speaker.',
  'Quote or paraphrase the passages, name who said what, and cite each passage you use as [n].',
  `If the passages do not answer the question, answer exactly: ${NOT_IN_CALLS}`,
  'Never add names, numbers, dates or facts that are not in the passages.',
  'Reply with a JSON object: {"answer": "<your answer, with [n] citations>", "cited": [<the passage numbers you cited>]}.',
].join('\n');

/** A passage as the model reads it: '[3] "Pricing negotiation", 17 Nov 2026, at 0:45, Lakshmi Chatterjee: "…"'. */
const passage = (q: Quote, n: number, zone: string) =>
  `[${n}] "${q.title}", ${day(localDate(new Date(q.at), zone))}${q.seconds === null ? '' : `, at ${clock(q.seconds)}`}` +
  `${q.speaker ? `, ${q.speaker}` : ''}${q.company ? ` (${q.company})` : ''}: "${clip(q.text, 400)}"`;

export type CitedAnswer = { text: string; sources: ReturnType<typeof quoteSource>[]; results: ReturnType<typeof quoteView>[] };

/** The model's answer from the retrieved quotes, its citations checked; throws when they do not hold. */
export async function answerFromQuotes(
  llm: ChatModel,
  question: string,
  found: Quotes,
  zone: string,
  signal: AbortSignal,
): Promise<CitedAnswer> {
  const user = `Question: ${question}\n\nPassages:\n${found.quotes.map((q, i) => passage(q, i + 1, zone)).join('\n')}`;
  const reply = await llm.json({ system: SYSTEM, user, schema: ZCitedAnswer, signal });
  const inText = [...reply.answer.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
  const cited = [...new Set([...reply.cited, ...inText])].sort((a, b) => a - b);
  if (cited.some((n) => n < 1 || n > found.quotes.length)) throw new Error('The model cited a passage it was not given');
  if (reply.answer.trim() === NOT_IN_CALLS) return { text: NOT_IN_CALLS, sources: [], results: [] };
  if (cited.length === 0) throw new Error('The model cited no passage');
  const quotes = cited.map((n) => found.quotes[n - 1]!);
  const text = [
    reply.answer.trim(),
    '',
    ...cited.map((n) => {
      const q = found.quotes[n - 1]!;
      return `[${n}] ${q.speaker ?? 'Someone'}, "${q.title}"${q.seconds === null ? '' : ` at ${clock(q.seconds)}`}`;
    }),
  ].join('\n');
  return { text, sources: quotes.map(quoteSource), results: quotes.map((q) => quoteView(q, zone)) };
}

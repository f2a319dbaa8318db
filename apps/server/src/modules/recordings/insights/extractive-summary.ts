import { splitSentences, type Sentence } from './sentences';

export type Insights = { summary: string; keyPoints: string[] };

export const KEY_POINTS_MIN = 3;
export const KEY_POINTS_MAX = 7;
const SUMMARY_MAX_CHARS = 700;
const KEY_POINT_MAX_CHARS = 220;

/** 3 to 7 key points, about one for every four sentences; fewer only when there are fewer sentences. */
export function keyPointCount(sentenceCount: number): number {
  if (sentenceCount <= KEY_POINTS_MIN) return sentenceCount;
  return Math.min(KEY_POINTS_MAX, Math.max(KEY_POINTS_MIN, Math.round(sentenceCount / 4)));
}

function summaryCount(sentenceCount: number): number {
  return Math.min(4, Math.max(1, Math.round(sentenceCount / 6)));
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * Ranks sentences by how much of the conversation's recurring vocabulary they hold (term
 * frequency over the whole transcript, damped by length so long rambles do not win by size).
 */
function rank(sentences: Sentence[]): { index: number; score: number }[] {
  const frequency = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  return sentences
    .map((s, index) => {
      const unique = [...new Set(s.terms)];
      const weight = unique.reduce((sum, t) => sum + (frequency.get(t) ?? 0), 0);
      // Sentences of one or two meaningful words ("Thanks everyone.") rarely make a point.
      const shortPenalty = unique.length < 3 ? 0.3 : 1;
      return { index, score: (weight / Math.sqrt(Math.max(1, s.terms.length))) * shortPenalty };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** Picks the best-ranked sentences, skipping near-repeats of one already picked; returns them in spoken order. */
function pick(sentences: Sentence[], ranked: { index: number }[], count: number): Sentence[] {
  const chosen: number[] = [];
  const overlaps = (a: Sentence, b: Sentence) => {
    const bs = new Set(b.terms);
    const shared = new Set(a.terms.filter((t) => bs.has(t))).size;
    return shared / Math.max(1, Math.min(new Set(a.terms).size, bs.size)) > 0.7;
  };
  for (const { index } of ranked) {
    if (chosen.length >= count) break;
    if (chosen.some((c) => overlaps(sentences[c]!, sentences[index]!))) continue;
    chosen.push(index);
  }
  // Near-repeats only: fill up with the next best, so the count holds.
  for (const { index } of ranked) {
    if (chosen.length >= count) break;
    if (!chosen.includes(index)) chosen.push(index);
  }
  return chosen.sort((a, b) => a - b).map((i) => sentences[i]!);
}

/** An extractive summary and key points: whole sentences of the transcript, no model needed. */
export function extractiveInsights(transcript: string): Insights {
  const sentences = splitSentences(transcript);
  if (sentences.length === 0) return { summary: '', keyPoints: [] };
  const ranked = rank(sentences);
  const summary = clip(
    pick(sentences, ranked, summaryCount(sentences.length))
      .map((s) => s.text)
      .join(' '),
    SUMMARY_MAX_CHARS,
  );
  const keyPoints = pick(sentences, ranked, keyPointCount(sentences.length)).map((s) => clip(s.text, KEY_POINT_MAX_CHARS));
  return { summary, keyPoints };
}

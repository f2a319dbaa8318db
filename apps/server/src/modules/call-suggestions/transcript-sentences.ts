import type { TranscriptSegment } from './suggestion-types';

/** One sentence of the call, with who said it and when its segment starts. */
export type Sentence = { text: string; speaker: string | null; startSeconds: number; seq: number };

/** Sentence ends: a stop, a question or an exclamation mark followed by a space (not "Rs. 5" or "e.g. this"). */
const SENTENCE_END = /(?<=[^\s.](?:[.!?]|\.\.\.))\s+(?=["'(]?[A-Z0-9₹])/;
/** Abbreviations that end in a stop without ending the sentence. */
const ABBREVIATION = /\b(?:mr|mrs|ms|dr|rs|vs|etc|e\.g|i\.e|approx|no|st|inc|ltd|co|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$/i;

/** Splits each segment's words into sentences, each keeping its segment's speaker and start time. */
export function sentencesOf(segments: readonly TranscriptSegment[]): Sentence[] {
  const out: Sentence[] = [];
  for (const s of segments) {
    const parts = s.text.replace(/\s+/g, ' ').trim().split(SENTENCE_END);
    let carry = '';
    for (const part of parts) {
      const text = carry ? `${carry} ${part}` : part;
      if (ABBREVIATION.test(text)) {
        carry = text;
        continue;
      }
      carry = '';
      if (text.trim()) out.push({ text: text.trim(), speaker: s.speaker, startSeconds: s.startSeconds, seq: s.seq });
    }
    if (carry.trim()) out.push({ text: carry.trim(), speaker: s.speaker, startSeconds: s.startSeconds, seq: s.seq });
  }
  return out;
}

/** "Name: text" at the start of a transcript line (a speaker the plain text names). */
const SPEAKER_LINE = /^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}):\s+(.+)$/;

/**
 * A recording without segments (typed or uploaded before speakers were kept): its transcription as
 * segments, one per line, with the speaker a "Name: text" line gives; times unknown (0).
 */
export function segmentsFromText(transcription: string): TranscriptSegment[] {
  return transcription
    .split(/\r?\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, seq) => {
      const m = SPEAKER_LINE.exec(line);
      return { seq, startSeconds: 0, speaker: m ? m[1]! : null, text: m ? m[2]! : line };
    });
}

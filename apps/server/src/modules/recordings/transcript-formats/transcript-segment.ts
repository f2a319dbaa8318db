/** One cue or speaker turn of a transcript: its times in seconds (null where the source has none), its speaker label and words. */
export type TranscriptSegment = { start: number | null; end: number | null; speaker: string | null; text: string };

export const TRANSCRIPT_FORMATS = ['webvtt', 'srt', 'zoom-txt', 'meet-doc', 'speaker-lines', 'plain'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
export type ParsedTranscript = { format: TranscriptFormat; segments: TranscriptSegment[] };

/** A transcript file that cannot be read as the format it claims or looks like: the message says what is wrong, for the user. */
export class TranscriptFormatError extends Error {
  override name = 'TranscriptFormatError';
}

/** Longest speaker name taken from "Name: text" (a sentence with a colon in it is not a speaker). */
const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 5;
/** Words that open a sentence with a colon ("Note: ...", "Action items: ...") rather than name a person. */
const NOT_NAMES = new Set([
  'note',
  'notes',
  'action items',
  'next steps',
  'agenda',
  'summary',
  'todo',
  'q',
  'a',
  'http',
  'https',
  're',
  'subject',
]);

/** A speech-to-text label ("Speaker 2", "SPEAKER_01", "Guest 3"): a speaker whenever it opens a line. */
const SPEAKER_LABEL = /^(?:speaker|participant|guest|spk)[ _-]?\d+$/i;

/** A first and last name, each capitalised ("Kaveri Rao", "Anne-Marie O'Neil"). */
const FULL_NAME = /^\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)+$/u;

/** "Kaveri Rao: Hello" -> { speaker: 'Kaveri Rao', text: 'Hello' }; null when the line does not start with a name and a colon. */
export function splitSpeaker(line: string): { speaker: string; text: string } | null {
  const at = line.indexOf(':');
  if (at <= 0 || at > MAX_NAME_CHARS) return null;
  const name = line.slice(0, at).trim();
  const text = line.slice(at + 1).trim();
  if (!name || !text || /^\/\//.test(line.slice(at + 1))) return null;
  if (name.split(/\s+/).length > MAX_NAME_WORDS || NOT_NAMES.has(name.toLowerCase())) return null;
  // A name has a letter, no sentence punctuation and no digits-only clock ("10:30").
  if (!/\p{L}/u.test(name) || /[.!?,;"“”[\]{}<>]/.test(name)) return null;
  // "Speaker 2" is a label; "We meet at 10" is the start of a time.
  if (/\d$/.test(name) && !SPEAKER_LABEL.test(name)) return null;
  return { speaker: name, text };
}

/** "01:02:03", "1:02:03", "02:03" or with fractions ("00:00:03.528", "00:00:03,528") in seconds; null when not a clock. */
export function clockSeconds(value: string): number | null {
  const m = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!m) return null;
  const [, h, min, s, frac] = m;
  if (Number(min) > 59 && h !== undefined) return null;
  if (Number(s) > 59) return null;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + (frac ? Number(`0.${frac}`) : 0);
}

/** Segments with their words trimmed and spaces folded; empty ones dropped; times made consistent (end never before start). */
export function cleanSegments(segments: TranscriptSegment[]): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const s of segments) {
    const text = s.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const start = s.start !== null && Number.isFinite(s.start) && s.start >= 0 ? Math.round(s.start * 1000) / 1000 : null;
    let end = start !== null && s.end !== null && Number.isFinite(s.end) ? Math.round(s.end * 1000) / 1000 : null;
    if (end !== null && start !== null && end < start) end = start;
    const speaker = s.speaker?.replace(/\s+/g, ' ').trim().slice(0, 200) || null;
    out.push({ start, end, speaker, text });
  }
  return out;
}

/**
 * The transcript as readable text: a "Name: text" line per speaker turn where speakers are known
 * (consecutive segments of one speaker joined), otherwise paragraphs. This is what
 * `recordings.transcription` keeps and what summaries read.
 */
export function readableTranscript(segments: TranscriptSegment[]): string {
  const turns: { speaker: string | null; parts: string[] }[] = [];
  for (const s of segments) {
    const last = turns.at(-1);
    if (last && s.speaker !== null && last.speaker === s.speaker) last.parts.push(s.text);
    else turns.push({ speaker: s.speaker, parts: [s.text] });
  }
  const hasSpeakers = turns.some((t) => t.speaker !== null);
  return turns.map((t) => (t.speaker ? `${t.speaker}: ${t.parts.join(' ')}` : t.parts.join(' '))).join(hasSpeakers ? '\n' : '\n\n');
}

/**
 * Speakers named at the start of each text ("Kaveri Rao: ..."), as Zoom writes its cues and people
 * type: a name counts when it opens at least two texts, or most texts open with a name and some
 * name comes back, so a single "Pricing: ..." sentence or a list of "Field: value" notes is not
 * taken for people. A text with no name continues the previous speaker's turn once a speaker is
 * known (a caption split over several cues).
 */
export function speakersByPrefix(texts: string[]): { speaker: string | null; text: string }[] {
  const split = texts.map(splitSpeaker);
  const counts = new Map<string, number>();
  for (const s of split) if (s) counts.set(s.speaker, (counts.get(s.speaker) ?? 0) + 1);
  const named = split.filter(Boolean).length;
  // A dialogue comes back to its speakers, or names people in full; "Budget: ... / Timeline: ..." does neither.
  const people = [...counts.keys()].every((name) => FULL_NAME.test(name));
  const mostly = named >= 2 && named * 2 >= texts.length && ([...counts.values()].some((n) => n >= 2) || people);
  let current: string | null = null;
  return texts.map((text, i) => {
    const s = split[i];
    if (s && ((counts.get(s.speaker) ?? 0) >= 2 || mostly || SPEAKER_LABEL.test(s.speaker))) {
      current = s.speaker;
      return s;
    }
    return { speaker: current, text };
  });
}

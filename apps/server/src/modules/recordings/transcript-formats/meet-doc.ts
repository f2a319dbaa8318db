import { cleanSegments, clockSeconds, splitSpeaker, type TranscriptSegment } from './transcript-segment';

/** A line holding only a time, as Google Meet marks every few minutes of its transcript ("00:05:00"). */
const TIME_LINE = /^\d{1,2}:\d{2}(?::\d{2})?$/;
/** What Meet writes around the talk: not words anyone said. */
const BOILERPLATE = [
  /^transcript$/i,
  /^attendees$/i,
  /^meeting ended after\b/i,
  /^this editable transcript was computer generated\b/i,
  /^(?:📖\s*)?transcript\b.*$/i,
];
/** "Kaveri Rao": a few capitalised words and nothing else, as Meet puts a speaker on the line above their words. */
const NAME_LINE = /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|de|da|van|von|der|del|la|le|bin|al)){0,4}$/u;
const isNameLine = (l: string) => l.length <= 60 && /^[^.!?,;:]+$/.test(l) && NAME_LINE.test(l.replace(/\s+/g, ' '));

type Doc = { attendees: Set<string>; body: string[]; titled: boolean };

function readDoc(text: string): Doc {
  const all = text.split('\n').map((l) => l.trim());
  const attendees = new Set<string>();
  const at = all.findIndex((l) => /^attendees$/i.test(l));
  if (at >= 0) {
    const list = all.slice(at + 1).find(Boolean) ?? '';
    for (const name of list.split(',')) if (name.trim()) attendees.add(name.trim());
  }
  const start = all.findIndex((l) => /^transcript$/i.test(l));
  const titled = start >= 0 || at >= 0 || / - transcript$/i.test(all.find(Boolean) ?? '');
  const body = (start >= 0 ? all.slice(start + 1) : at >= 0 ? all.slice(at + 2) : all).filter(
    (l) => l && !BOILERPLATE.some((b) => b.test(l)) && !(titled && / - transcript$/i.test(l)),
  );
  return { attendees, body, titled };
}

/** Names that stand alone on a line above words, at least twice or listed as attendees. */
function speakerLines(doc: Doc): Set<string> {
  const counts = new Map<string, number>();
  doc.body.forEach((l, i) => {
    const next = doc.body[i + 1];
    if (isNameLine(l) && next && !TIME_LINE.test(next) && !isNameLine(next)) counts.set(l, (counts.get(l) ?? 0) + 1);
  });
  return new Set([...counts].filter(([name, n]) => n >= 2 || doc.attendees.has(name)).map(([name]) => name));
}

/** Whether the text is a Google Meet transcript document: its "Attendees"/"Transcript" headings, or speaker lines and time lines. */
export function looksLikeMeetDoc(text: string): boolean {
  const doc = readDoc(text);
  if (doc.titled) return true;
  return speakerLines(doc).size > 0 && doc.body.some((l) => TIME_LINE.test(l));
}

/**
 * A Google Meet transcript (the Doc Meet saves, exported as .docx, .pdf or .txt): a speaker on
 * the line above their words (or "Name: words"), and a time line every few minutes. The first turn
 * after a time line starts then; the others have no time of their own.
 */
export function parseMeetDoc(text: string): TranscriptSegment[] {
  const doc = readDoc(text);
  const names = speakerLines(doc);
  const out: TranscriptSegment[] = [];
  let marker: number | null = null;
  let speaker: string | null = null;
  let open: TranscriptSegment | null = null;
  for (const line of doc.body) {
    if (TIME_LINE.test(line)) {
      marker = clockSeconds(line.length <= 5 ? `${line}` : line);
      open = null;
      continue;
    }
    if (names.has(line)) {
      speaker = line;
      open = null;
      continue;
    }
    const named = splitSpeaker(line);
    const said = named && (names.size === 0 || names.has(named.speaker) || doc.attendees.has(named.speaker)) ? named : null;
    if (said) {
      speaker = said.speaker;
      open = { start: marker, end: null, speaker, text: said.text };
      out.push(open);
      marker = null;
      continue;
    }
    if (open && open.speaker === speaker) {
      open.text += ` ${line}`;
      continue;
    }
    open = { start: marker, end: null, speaker, text: line };
    out.push(open);
    marker = null;
  }
  return cleanSegments(out);
}

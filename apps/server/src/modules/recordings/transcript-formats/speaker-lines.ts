import { cleanSegments, speakersByPrefix, type TranscriptSegment } from './transcript-segment';

/** Whether typed text names its speakers ("Kaveri Rao: ..." lines): see speakersByPrefix for what counts as a name. */
export function looksLikeSpeakerLines(text: string): boolean {
  return speakersByPrefix(text.split('\n').filter((l) => l.trim())).some((s) => s.speaker !== null);
}

/** "Name: text" lines, as people type them: a segment per speaker turn (a line with no name continues it); no times. */
export function parseSpeakerLines(text: string): TranscriptSegment[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const named = speakersByPrefix(lines);
  const out: TranscriptSegment[] = [];
  named.forEach((s, i) => {
    const last = out.at(-1);
    // A line without a name of its own belongs to the turn above it.
    const continues = last && s.text === lines[i] && last.speaker === s.speaker;
    if (continues) last.text += ` ${s.text}`;
    else out.push({ start: null, end: null, speaker: s.speaker, text: s.text });
  });
  return cleanSegments(out);
}

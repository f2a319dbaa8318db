import { cleanSegments, type TranscriptSegment } from './transcript-segment';

/** A paragraph longer than this is cut into groups of whole sentences of about this size. */
const GROUP_CHARS = 400;

/** Text with no speakers and no times: a segment per paragraph, long paragraphs cut into groups of sentences. */
export function parsePlainText(text: string): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    if (flat.length <= GROUP_CHARS) {
      out.push({ start: null, end: null, speaker: null, text: flat });
      continue;
    }
    let group = '';
    for (const sentence of flat.match(/[^.!?]+(?:[.!?]+["'”’)]*|$)\s*/g) ?? [flat]) {
      if (group && group.length + sentence.length > GROUP_CHARS) {
        out.push({ start: null, end: null, speaker: null, text: group });
        group = '';
      }
      group += sentence;
    }
    if (group.trim()) out.push({ start: null, end: null, speaker: null, text: group });
  }
  return cleanSegments(out);
}

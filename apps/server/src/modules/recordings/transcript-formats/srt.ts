import { parseSync, type NodeCue } from 'subtitle';
import { cleanSegments, speakersByPrefix, TranscriptFormatError, type TranscriptSegment } from './transcript-segment';

/** Formatting tags SubRip players honour (<i>, <b>, <font ...>, {\an8}): not words anyone said. */
const stripTags = (text: string) => text.replace(/<\/?[a-z][^>]*>/gi, '').replace(/\{\\[^}]*\}/g, '');

/**
 * A SubRip (.srt) file, read by the `subtitle` parser: each cue a segment with its times (the
 * parser gives milliseconds); a "Name: text" cue names its speaker.
 */
export function parseSrt(input: string): TranscriptSegment[] {
  let cues: NodeCue['data'][];
  try {
    cues = parseSync(input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))
      .filter((n): n is NodeCue => n.type === 'cue')
      .map((n) => n.data);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^expected/, 'expected a') : 'unreadable';
    throw new TranscriptFormatError(`This SRT file could not be read: ${why.slice(0, 200)}.`);
  }
  if (cues.length === 0) throw new TranscriptFormatError('This SRT file has no subtitles in it.');
  const texts = cues.map((c) => stripTags(c.text).replace(/\s+/g, ' ').trim());
  const named = speakersByPrefix(texts);
  return cleanSegments(cues.map((c, i) => ({ start: c.start / 1000, end: c.end / 1000, ...named[i]! })));
}

import { createRequire } from 'node:module';
import webvtt, { type WebVttNode } from 'webvtt-parser';
import { cleanSegments, speakersByPrefix, TranscriptFormatError, type TranscriptSegment } from './transcript-segment';

/**
 * HTML's named character references, as the parser's README advises: its built-in five are keyed
 * without the semicolon and turn "&amp;" into "&;". Loaded on the first WebVTT file.
 */
let entities: Record<string, string> | undefined;
const htmlEntities = () => (entities ??= createRequire(import.meta.url)('webvtt-parser/html-entities.json') as Record<string, string>);

const textOf = (nodes: WebVttNode[]): string => nodes.map((n) => (n.type === 'text' ? n.value : textOf(n.children))).join('');

/** The speaker of a cue's voice tag (`<v Kaveri Rao>`, as Microsoft Teams writes), if it has one. */
function voiceOf(nodes: WebVttNode[]): string | null {
  for (const n of nodes) {
    if (n.type !== 'object') continue;
    if (n.name === 'v' && n.value?.trim()) return n.value.trim();
    const inner = voiceOf(n.children);
    if (inner) return inner;
  }
  return null;
}

/**
 * A WebVTT file, read by webvtt-parser (the W3C validator's parser): each cue a segment with its
 * times. The speaker comes from the cue's voice tag (Microsoft Teams: `<v Name>text</v>`, cue ids
 * like GUIDs) or from "Name: text" in the cue (Zoom, with cue numbers; Google Meet).
 */
export function parseWebVtt(input: string): TranscriptSegment[] {
  const { cues, errors } = new webvtt.WebVTTParser(htmlEntities()).parse(input.replace(/^\uFEFF/, ''), 'metadata');
  if (cues.length === 0) {
    const first = errors[0];
    throw new TranscriptFormatError(
      first ? `This WebVTT file could not be read: ${first.message} (line ${first.line}).` : 'This WebVTT file has no captions in it.',
    );
  }
  const voices = cues.map((c) => voiceOf(c.tree.children));
  const texts = cues.map((c) => textOf(c.tree.children).replace(/\s+/g, ' ').trim());
  const prefixed = speakersByPrefix(texts);
  return cleanSegments(
    cues.map((c, i) => {
      const voice = voices[i];
      const { speaker, text } = voice ? { speaker: voice, text: texts[i]! } : prefixed[i]!;
      return { start: c.startTime, end: c.endTime, speaker, text };
    }),
  );
}

import path from 'node:path';
import { looksLikeMeetDoc, parseMeetDoc } from './meet-doc';
import { parsePlainText } from './plain-text';
import { looksLikeSpeakerLines, parseSpeakerLines } from './speaker-lines';
import { parseSrt } from './srt';
import { TranscriptFormatError, type ParsedTranscript } from './transcript-segment';
import { parseWebVtt } from './webvtt';
import { looksLikeZoomTxt, parseZoomTxt } from './zoom-txt';

export { readableTranscript, TranscriptFormatError, type ParsedTranscript, type TranscriptSegment } from './transcript-segment';

/** Every WebVTT file starts with this line (a BOM aside). */
const WEBVTT_SIGNATURE = /^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/;
/** A SubRip file opens with a cue number, then its timing line. */
const SRT_START = /^\d+\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/;

/**
 * A transcript's segments and the format they were read as, decided by the text itself (a .txt
 * holding WebVTT is read as WebVTT); the file name only makes a .vtt or .srt that is not one an
 * error instead of plain text. Throws TranscriptFormatError, with a message for the user, when the
 * file cannot be read or holds no words.
 */
export function parseTranscript(input: string, fileName?: string): ParsedTranscript {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const ext = fileName ? path.extname(fileName).toLowerCase() : '';
  const parsed = ((): ParsedTranscript => {
    if (WEBVTT_SIGNATURE.test(text)) return { format: 'webvtt', segments: parseWebVtt(text) };
    if (SRT_START.test(text.trimStart()) || ext === '.srt') return { format: 'srt', segments: parseSrt(text.trimStart()) };
    if (ext === '.vtt') throw new TranscriptFormatError('This .vtt file is not WebVTT: it must start with the line "WEBVTT".');
    if (looksLikeZoomTxt(text)) return { format: 'zoom-txt', segments: parseZoomTxt(text) };
    if (looksLikeMeetDoc(text)) return { format: 'meet-doc', segments: parseMeetDoc(text) };
    if (looksLikeSpeakerLines(text)) return { format: 'speaker-lines', segments: parseSpeakerLines(text) };
    return { format: 'plain', segments: parsePlainText(text) };
  })();
  if (parsed.segments.length === 0) throw new TranscriptFormatError('This transcript has no words in it.');
  return parsed;
}

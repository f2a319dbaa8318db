import type { TranscriptSegment } from '../../apps/server/src/modules/call-suggestions/suggestion-types';
import { parseTranscript } from '../../apps/server/src/modules/recordings/transcript-formats/parse-transcript';

/**
 * The set's transcripts (.vtt, .srt, .txt) read as the product reads an uploaded transcript file
 * (recordings/transcript-formats: webvtt-parser, subtitle, Zoom's .txt, Meet's document, Name: text
 * lines), into the segments the extractor reads: so the bench measures what a user gets.
 */
export function readTranscript(fileName: string, text: string): TranscriptSegment[] {
  return parseTranscript(text, fileName).segments.map((s, seq) => ({
    seq,
    startSeconds: s.start ?? 0,
    endSeconds: s.end,
    speaker: s.speaker,
    text: s.text,
  }));
}

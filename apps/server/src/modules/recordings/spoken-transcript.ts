import { joinTranscripts } from '../../adapters/stt/stt-port';
import type { TranscriptPieceRow, TranscriptPieceSegment } from '../../db/schema';
import { parseTranscript, readableTranscript, TranscriptFormatError } from './transcript-formats/parse-transcript';

/** A transcript as processing saves it: the readable text and its segments (times and speakers where known). */
export type TranscriptToSave = { text: string; segments: TranscriptPieceSegment[] };

/**
 * A piece's segments in the recording's time: the engine's segments moved by the piece's start, or,
 * from an engine that gives only text, its words as untimed paragraphs, the first starting with the piece.
 */
export function pieceSegments(piece: { start: number; seconds: number }, heard: { text: string; segments?: TranscriptPieceSegment[] }) {
  if (heard.segments?.length) {
    return heard.segments.map((s) => ({
      start: s.start === null ? null : piece.start + s.start,
      end: s.end === null ? null : piece.start + s.end,
      speaker: s.speaker,
      text: s.text,
    }));
  }
  if (!heard.text.trim()) return [];
  const paragraphs = parseTranscript(heard.text).segments.map((s) => ({ ...s, speaker: null }));
  paragraphs[0] = { ...paragraphs[0]!, start: piece.start };
  return paragraphs;
}

/**
 * The pieces of a transcript made from audio, as one: the engine's speaker labels renamed
 * "Speaker 1", "Speaker 2"... in order of first appearance (the same label in two pieces stays one
 * speaker, as far as the engine's labels go), and the readable text ("Speaker 1: ..." lines once
 * speakers are known, otherwise the words in order).
 */
export function spokenTranscript(pieces: TranscriptPieceRow[]): TranscriptToSave {
  const labels = new Map<string, string>();
  const segments = pieces
    .flatMap((p) => p.segments ?? [])
    .filter((s) => s.text.trim())
    .map((s) => {
      if (s.speaker === null) return s;
      let label = labels.get(s.speaker);
      if (!label) labels.set(s.speaker, (label = `Speaker ${labels.size + 1}`));
      return { ...s, speaker: label };
    });
  const text = labels.size > 0 ? readableTranscript(segments) : joinTranscripts(pieces.map((p) => p.text));
  return { text, segments };
}

/**
 * An uploaded transcript's segments: those the upload read from the file (kept with the row as its
 * one piece), or, for a transcript stored another way (the demo's), read again from its text.
 */
export function uploadedTranscript(transcription: string, pieces: TranscriptPieceRow[] | null): TranscriptToSave {
  const kept = pieces?.flatMap((p) => p.segments ?? []);
  if (kept?.length) return { text: transcription, segments: kept };
  try {
    return { text: transcription, segments: parseTranscript(transcription).segments };
  } catch (e) {
    if (e instanceof TranscriptFormatError) return { text: transcription, segments: [] };
    throw e;
  }
}

import type { TranscriptSegment } from '../../apps/server/src/modules/call-suggestions/suggestion-types';

/**
 * The bench's reader of the set's transcripts (.vtt, .srt, .txt) into speaker-kept segments. The
 * product's own parsers (issue 30's transcript part) replace it once merged; until then this reads
 * the shapes the set uses: cues with `<v Name>` or "Name: text", Zoom's "[Name] 00:01:02" lines,
 * "00:01:02 Name: text", a Google Meet speaker line followed by its text, and plain "Name: text" lines.
 */
const TIME = /(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,](\d{1,3}))?/;
const seconds = (m: RegExpExecArray) =>
  m[3] !== undefined ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number(m[1]) * 60 + Number(m[2]);

function cues(text: string): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const block of text.replace(/\r/g, '').split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const start = TIME.exec(lines[timing]!);
    const body = lines.slice(timing + 1).join(' ');
    const voice = /<v(?:\.[\w.]+)?\s+([^>]+)>/.exec(body);
    const plain = body.replace(/<[^>]+>/g, '').trim();
    const named = /^([^:]{1,60}):\s+(.*)$/.exec(plain);
    const speaker = voice ? voice[1]!.trim() : named ? named[1]!.trim() : null;
    out.push({ seq: out.length, startSeconds: start ? seconds(start) : 0, speaker, text: voice || !named ? plain : named[2]! });
  }
  return out;
}

function plainText(text: string): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  let pending: { speaker: string; at: number } | null = null;
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const zoom = /^\[([^\]]+)\]\s+(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(line);
    if (zoom) {
      pending = { speaker: zoom[1]!.trim(), at: seconds(TIME.exec(zoom[2]!)!) };
      continue;
    }
    const timed = /^(\d{1,2}:\d{2}(?::\d{2})?)\s+([^:]{1,60}):\s+(.*)$/.exec(line);
    if (timed) {
      out.push({ seq: out.length, startSeconds: seconds(TIME.exec(timed[1]!)!), speaker: timed[2]!.trim(), text: timed[3]! });
      continue;
    }
    const named = /^([A-Z][^:]{0,60}):\s+(.*)$/.exec(line);
    if (named) {
      out.push({ seq: out.length, startSeconds: pending?.at ?? 0, speaker: named[1]!.trim(), text: named[2]! });
      pending = null;
      continue;
    }
    // A Google Meet document: a speaker's name alone on its line, then what they said.
    const nameOnly = /^([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,3})(?:\s+\(?\d{1,2}:\d{2}(?::\d{2})?\)?)?$/.exec(line);
    if (nameOnly && !/[.!?]$/.test(line) && line.split(/\s+/).length <= 5) {
      const at = TIME.exec(line);
      pending = { speaker: nameOnly[1]!, at: at ? seconds(at) : (pending?.at ?? 0) };
      continue;
    }
    out.push({ seq: out.length, startSeconds: pending?.at ?? 0, speaker: pending?.speaker ?? null, text: line });
  }
  return out;
}

export function readTranscript(fileName: string, text: string): TranscriptSegment[] {
  return fileName.endsWith('.txt') && !/-->/.test(text) ? plainText(text) : cues(text);
}

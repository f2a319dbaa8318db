import { cleanSegments, clockSeconds, splitSpeaker, type TranscriptSegment } from './transcript-segment';

/** Zoom's saved transcript: "[Kaveri Rao] 10:02:15" on its own line, then what they said. */
const HEADER = /^\[([^\]]{1,100})\]\s+(\d{1,2}:\d{2}:\d{2})\s*$/;
/** One line per turn with its time first: "00:01:23 Kaveri Rao: ..." or "[00:01:23] Kaveri Rao: ...". */
const TIMED_LINE = /^\[?(\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,3})?)\]?\s+(.+)$/;

const lines = (text: string) => text.split('\n').map((l) => l.trim());

/** Whether the text is a Zoom transcript (.txt): at least two "[Name] hh:mm:ss" headers, or most lines timed. */
export function looksLikeZoomTxt(text: string): boolean {
  const all = lines(text).filter(Boolean);
  const headers = all.filter((l) => HEADER.test(l)).length;
  if (headers >= 2 || (headers === 1 && all.length <= 3)) return true;
  const timed = all.filter((l) => TIMED_LINE.test(l) && splitSpeaker(TIMED_LINE.exec(l)![2]!) !== null).length;
  return timed >= 2 && timed * 2 >= all.length;
}

/**
 * Times in seconds from the start of the call. Zoom's saved transcript writes the time of day
 * ("10:02:15"); a file whose first time is within its first minute already counts from the start.
 */
function fromStart(times: (number | null)[]): (number | null)[] {
  const first = times.find((t): t is number => t !== null);
  if (first === undefined || first < 60) return times;
  return times.map((t) => (t === null ? null : t >= first ? t - first : t + 86_400 - first));
}

/** A Zoom plain-text transcript: a segment per speaker turn, its start from the turn's time and its end at the next turn's start. */
export function parseZoomTxt(text: string): TranscriptSegment[] {
  const turns: { at: number | null; speaker: string | null; parts: string[] }[] = [];
  for (const line of lines(text)) {
    if (!line) continue;
    const header = HEADER.exec(line);
    if (header) {
      turns.push({ at: clockSeconds(header[2]!), speaker: header[1]!.trim(), parts: [] });
      continue;
    }
    const timed = TIMED_LINE.exec(line);
    const named = timed ? splitSpeaker(timed[2]!) : null;
    if (timed && named) {
      turns.push({ at: clockSeconds(timed[1]!), speaker: named.speaker, parts: [named.text] });
      continue;
    }
    const last = turns.at(-1);
    if (last) last.parts.push(line);
    else turns.push({ at: null, speaker: null, parts: [line] });
  }
  const starts = fromStart(turns.map((t) => t.at));
  return cleanSegments(
    turns.map((t, i) => {
      const next = starts.slice(i + 1).find((s) => s !== null) ?? null;
      return { start: starts[i] ?? null, end: starts[i] !== null ? next : null, speaker: t.speaker, text: t.parts.join(' ') };
    }),
  );
}

import type { TTranscript } from '@pipewise/contract/transcripts';

type SegmentRecord = { seq: number; start: number | null; end: number | null; speaker: string | null; text: string };
type SpeakerRecord = { id: string; label: string | null; name: string | null; email: string | null };

/**
 * The transcript as the API shows it: each segment's speaker named by the participant mapped to its
 * label (the first one mapped, if two are), else by the label; the speakers in order of first appearance.
 */
export function toTranscript(segments: SegmentRecord[], mapped: SpeakerRecord[]): TTranscript {
  const byLabel = new Map<string, { participant_id: string; name: string }>();
  for (const p of mapped) {
    const name = p.name?.trim() || p.email;
    if (p.label && name && !byLabel.has(p.label)) byLabel.set(p.label, { participant_id: p.id, name });
  }
  const speakers: TTranscript['speakers'] = [];
  const seen = new Set<string>();
  const out = segments.map((s) => {
    const who = s.speaker === null ? null : byLabel.get(s.speaker);
    if (s.speaker !== null && !seen.has(s.speaker)) {
      seen.add(s.speaker);
      speakers.push({ label: s.speaker, participant_id: who?.participant_id ?? null, name: who?.name ?? s.speaker });
    }
    return { seq: s.seq, start: s.start, end: s.end, speaker: s.speaker, speaker_name: who?.name ?? s.speaker, text: s.text };
  });
  return { segments: out, speakers };
}

import type { TCallMention, TCallPerson, TCallStatsBody, TCallStretch, TSide, TSpeakerSource } from '@pipewise/contract/coaching';
import { BACKCHANNEL_SECONDS, BACKCHANNEL_WORDS, byTime, hasTimes, ownersByOverlap, speakerRuns, unionSeconds } from './call-turns';
import type { Run, Turn } from './call-turns';
import {
  countFillers,
  countWords,
  hasSentencePunctuation,
  mentionTerms,
  opensWithQuestionForm,
  punctuatedQuestions,
  segmentMentions,
} from './speech-words';

/**
 * A call's conversation statistics from who spoke when and what they said (definitions:
 * docs/coaching-statistics.md). Pure: no database, no clock.
 */

/** A transcript segment: seconds from the start (null: the source had no times), the speaker label (null: nobody named). */
export type StatsSegment = { start: number | null; end: number | null; speaker: string | null; text: string };

/** Who a speaker label is: the mapped participant's name, the workspace user (team side) or not. */
export type StatsSpeaker = { speaker: string; name: string; userId: string | null; side: TSide };

export type CallStatsInput = {
  segments: StatsSegment[];
  /**
   * A stereo recording's voice turns, already labelled with the speaker each channel is ("Left channel" or the
   * person mapped to it). When given, they are who spoke when; the segments' words are given to the speaker whose
   * turns overlap them most.
   */
  voiceTurns: { start: number; end: number; speaker: string }[] | null;
  /** One entry per speaker label appearing in `segments` or `voiceTurns`; a label missing here is side 'unknown'. */
  speakers: StatsSpeaker[];
  /** The media's duration, if known. */
  durationSeconds: number | null;
  /** The workspace's competitor names (Settings). */
  competitors: string[];
};

/** What a speaker said, summed over the segments that are theirs. */
type Said = { words: number; questions: number; fillers: number };

const addTo = (into: Said, add: Said) => {
  into.words += add.words;
  into.questions += add.questions;
  into.fillers += add.fillers;
};

const perMinute = (count: number, seconds: number) => (seconds > 0 ? count / (seconds / 60) : null);

export function computeCallStats(input: CallStatsInput): TCallStatsBody {
  // A blank label names nobody.
  const segments = input.segments.map((s) => ({ ...s, speaker: s.speaker?.trim() || null }));
  const voiceTurns = (input.voiceTurns ?? []).filter(hasTimes);
  const source: TSpeakerSource =
    input.voiceTurns && input.voiceTurns.length > 0 ? 'channels' : segments.some((s) => s.speaker) ? 'transcript' : 'none';

  const known = new Map(input.speakers.map((s) => [s.speaker, s]));
  const who = (label: string) => known.get(label) ?? { speaker: label, name: label, userId: null, side: 'unknown' as const };
  const segmentWords = segments.map((s) => countWords(s.text));

  const turns: Turn[] =
    source === 'channels'
      ? byTime(voiceTurns).map((t) => ({ ...t, backchannel: t.end - t.start < BACKCHANNEL_SECONDS }))
      : source === 'transcript'
        ? byTime(
            segments.flatMap((s, i) =>
              s.speaker !== null && hasTimes(s)
                ? [
                    {
                      start: s.start,
                      end: s.end,
                      speaker: s.speaker,
                      backchannel: s.end - s.start < BACKCHANNEL_SECONDS && segmentWords[i]! <= BACKCHANNEL_WORDS,
                    },
                  ]
                : [],
            ),
          )
        : [];
  // Whose words each segment holds: its label, or on a stereo recording the voice that overlaps it most.
  const owners =
    source === 'channels'
      ? ownersByOverlap(segments, turns)
      : source === 'transcript'
        ? segments.map((s) => s.speaker)
        : segments.map(() => null);

  const forms = !hasSentencePunctuation(segments.map((s) => s.text));
  const said = new Map<string, Said>();
  const everyone: Said = { words: 0, questions: 0, fillers: 0 };
  const terms = mentionTerms(input.competitors);
  const mentions: TCallMention[] = [];
  segments.forEach((s, i) => {
    const owner = owners[i] ?? null;
    const questions = forms ? (opensWithQuestionForm(s.text) ? 1 : 0) : punctuatedQuestions(s.text);
    const add = { words: segmentWords[i]!, questions, fillers: countFillers(s.text) };
    addTo(everyone, add);
    if (owner !== null) {
      if (!said.has(owner)) said.set(owner, { words: 0, questions: 0, fillers: 0 });
      addTo(said.get(owner)!, add);
    }
    for (const m of segmentMentions(s.text, terms))
      mentions.push({ kind: m.kind, term: m.term, at: hasTimes(s) ? s.start : null, speaker: owner, text: m.text });
  });
  // In time order (a stable sort keeps the segments' order among equal times), those without times last.
  const mentionList = mentions.sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || 0);

  // From the first turn's start to the latest end (a long turn can outlast a later short one).
  const lastEnd = turns.reduce((max, t) => Math.max(max, t.end), -Infinity);
  const duration = turns.length ? lastEnd - turns[0]!.start : input.durationSeconds;

  if (source === 'none') {
    const spoken = unionSeconds(segments.filter(hasTimes));
    return {
      speaker_source: 'none',
      duration_seconds: duration,
      turns: [],
      people: [],
      sides: null,
      longest_monologue: null,
      longest_story: null,
      interactivity: null,
      patience_seconds: null,
      questions: null,
      questions_per_hour: null,
      question_source: null,
      words_per_minute: perMinute(everyone.words, spoken),
      fillers: everyone.fillers,
      fillers_per_minute: perMinute(everyone.fillers, spoken),
      mentions: mentionList,
    };
  }

  // Labels in the order they first speak, then those with words but no timed turn.
  const labels = [...new Set([...turns.map((t) => t.speaker), ...owners.filter((o): o is string => o !== null)])];
  const talk = new Map(labels.map((l) => [l, unionSeconds(turns.filter((t) => t.speaker === l))]));
  const totalTalk = [...talk.values()].reduce((a, b) => a + b, 0);
  const ratio = (seconds: number) => (totalTalk > 0 ? seconds / totalTalk : 0);

  const runs = speakerRuns(turns);
  const longest = (keep: (r: Run) => boolean): Run | null =>
    runs.reduce<Run | null>((best, r) => (keep(r) && (!best || r.seconds > best.seconds) ? r : best), null);
  const stretch = (r: Run | null): TCallStretch | null => (r ? { seconds: r.seconds, start: r.start, name: who(r.speaker).name } : null);

  // The pause before the team's side speaks after the customer's side stops, per pair of consecutive turns.
  const pauses: { speaker: string; seconds: number }[] = [];
  let switches = 0;
  turns.forEach((t, i) => {
    const prev = turns[i - 1];
    if (!prev) return;
    if (prev.speaker !== t.speaker) switches++;
    if (who(prev.speaker).side === 'customer' && who(t.speaker).side === 'team')
      pauses.push({ speaker: t.speaker, seconds: Math.max(0, t.start - prev.end) });
  });
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

  const people: TCallPerson[] = labels.map((label) => {
    const p = who(label);
    const s = said.get(label) ?? { words: 0, questions: 0, fillers: 0 };
    const seconds = talk.get(label)!;
    const own = longest((r) => r.speaker === label);
    return {
      speaker: label,
      name: p.name,
      user_id: p.userId,
      side: p.side,
      talk_seconds: seconds,
      talk_ratio: ratio(seconds),
      words: s.words,
      words_per_minute: perMinute(s.words, seconds),
      questions: s.questions,
      fillers: s.fillers,
      fillers_per_minute: perMinute(s.fillers, seconds),
      longest_monologue_seconds: own?.seconds ?? 0,
      longest_monologue_start: own?.start ?? null,
      patience_seconds: p.side === 'team' ? mean(pauses.filter((x) => x.speaker === label).map((x) => x.seconds)) : null,
    };
  });
  people.sort((a, b) => b.talk_seconds - a.talk_seconds);

  const side = (s: TSide) => people.filter((p) => p.side === s);
  const sideTalk = (s: TSide) => {
    const seconds = side(s).reduce((sum, p) => sum + p.talk_seconds, 0);
    return { talk_seconds: seconds, talk_ratio: ratio(seconds) };
  };
  const team = side('team');
  const teamSum = (key: 'words' | 'questions' | 'fillers') => team.reduce((sum, p) => sum + p[key], 0);
  const teamTalk = sideTalk('team').talk_seconds;
  const teamQuestions = teamSum('questions');

  return {
    speaker_source: source,
    duration_seconds: duration,
    turns: turns.map((t) => ({ start: t.start, end: t.end, speaker: t.speaker, name: who(t.speaker).name, side: who(t.speaker).side })),
    people,
    sides: { team: sideTalk('team'), customer: sideTalk('customer'), unknown: sideTalk('unknown') },
    longest_monologue: stretch(longest((r) => who(r.speaker).side === 'team')),
    longest_story: stretch(longest((r) => who(r.speaker).side === 'customer')),
    interactivity: turns.length && duration ? switches / (duration / 60) : null,
    patience_seconds: mean(pauses.map((x) => x.seconds)),
    questions: teamQuestions,
    questions_per_hour: duration ? teamQuestions / (duration / 3600) : null,
    question_source: forms ? 'forms' : 'punctuation',
    words_per_minute: perMinute(teamSum('words'), teamTalk),
    fillers: teamSum('fillers'),
    fillers_per_minute: perMinute(teamSum('fillers'), teamTalk),
    mentions: mentionList,
  };
}

import type { TCallMention, TCallPerson, TCallStatsBody, TCallStretch, TCallTurn, TSide } from '@pipewise/contract/coaching';

/**
 * A call's conversation statistics from who spoke when and what they said (definitions:
 * docs/coaching-statistics.md). Pure: no database, no clock.
 *
 * TEMP stub (engineer C's branch): a minimal implementation of the definitions so the coaching module's
 * service and tests run; engineer A's computeCallStats replaces this body.
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

const QUESTION_WORDS = new Set(
  'what why how when where who whom whose which can could would will do does did is are was were have has should shall may might am'.split(
    ' ',
  ),
);
const FILLERS = ['um', 'umm', 'uh', 'uhh', 'erm', 'er', 'ah', 'hmm', 'you know', 'i mean', 'basically', 'literally'];
const PRICING = [
  'price',
  'prices',
  'pricing',
  'cost',
  'costs',
  'budget',
  'discount',
  'quote',
  'per seat',
  'per user',
  'license',
  'licence',
  'invoice',
];
const NEXT_STEPS = [
  'next step',
  'next steps',
  'follow up',
  'follow-up',
  'schedule',
  'calendar invite',
  'send over',
  'circle back',
  'action item',
  'action items',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrase = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(term).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
const wordsOf = (text: string) => text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t));
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?]+)(?![.!?])/)
    .map((s) => s.trim())
    .filter(Boolean);
const fillersIn = (text: string) => FILLERS.reduce((n, f) => n + (text.match(phrase(f))?.length ?? 0), 0);

type Turn = { start: number; end: number; speaker: string; words: number; i: number };

/** The length of the union of intervals. */
function unionLength(spans: { start: number; end: number }[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let total = 0;
  let open: { from: number; to: number } | null = null;
  for (const s of sorted) {
    if (open && s.start <= open.to) open.to = Math.max(open.to, s.end);
    else {
      if (open) total += open.to - open.from;
      open = { from: s.start, to: s.end };
    }
  }
  return total + (open ? open.to - open.from : 0);
}

export function computeCallStats(input: CallStatsInput): TCallStatsBody {
  const who = new Map(input.speakers.map((s) => [s.speaker, s]));
  const sideOf = (speaker: string | null): TSide => (speaker === null ? 'unknown' : (who.get(speaker)?.side ?? 'unknown'));
  const nameOf = (speaker: string) => who.get(speaker)?.name ?? speaker;
  const source: TCallStatsBody['speaker_source'] = input.voiceTurns?.length
    ? 'channels'
    : input.segments.some((s) => s.speaker)
      ? 'transcript'
      : 'none';

  // Each segment's speaker: its label, or in 'channels' the voice whose turns overlap it most.
  const voice = input.voiceTurns ?? [];
  const speakerOfSegment = (s: StatsSegment): string | null => {
    if (source !== 'channels') return s.speaker;
    if (s.start === null || s.end === null) return null;
    const overlap = new Map<string, number>();
    for (const v of voice) {
      const o = Math.min(v.end, s.end) - Math.max(v.start, s.start);
      if (o > 0) overlap.set(v.speaker, (overlap.get(v.speaker) ?? 0) + o);
    }
    let best: string | null = null;
    for (const [k, o] of overlap) if (best === null || o > overlap.get(best)!) best = k;
    return best;
  };
  const segs = input.segments.map((s) => ({ ...s, who: speakerOfSegment(s) }));

  let turns: Turn[] = [];
  if (source === 'channels') turns = voice.map((v, i) => ({ start: v.start, end: v.end, speaker: v.speaker, words: 0, i }));
  else if (source === 'transcript')
    turns = segs.flatMap((s, i) =>
      s.start !== null && s.end !== null && s.speaker
        ? [{ start: s.start, end: s.end, speaker: s.speaker, words: wordsOf(s.text).length, i }]
        : [],
    );
  turns.sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  const backchannel = (t: Turn) => t.end - t.start < 1 && (source === 'channels' || t.words <= 2);

  const duration = turns.length ? turns.at(-1)!.end - turns[0]!.start : input.durationSeconds;
  const speakersAll = [...new Set([...turns.map((t) => t.speaker), ...segs.flatMap((s) => (s.who ? [s.who] : []))])];
  const talk = new Map(speakersAll.map((sp) => [sp, unionLength(turns.filter((t) => t.speaker === sp))]));
  const totalTalk = [...talk.values()].reduce((a, b) => a + b, 0);

  // Runs.
  const runs: { speaker: string; start: number; end: number }[] = [];
  for (const t of turns) {
    const run = runs.at(-1);
    if (run && run.speaker === t.speaker) run.end = t.end;
    else if (run && backchannel(t)) continue;
    else runs.push({ speaker: t.speaker, start: t.start, end: t.end });
  }
  const longestOf = (keep: (speaker: string) => boolean): TCallStretch | null => {
    let best: TCallStretch | null = null;
    for (const r of runs)
      if (keep(r.speaker) && (!best || r.end - r.start > best.seconds))
        best = { seconds: r.end - r.start, start: r.start, name: nameOf(r.speaker) };
    return best;
  };

  let switches = 0;
  const pauses: { speaker: string; pause: number }[] = [];
  for (let k = 1; k < turns.length; k++) {
    const a = turns[k - 1]!;
    const b = turns[k]!;
    if (a.speaker !== b.speaker) switches++;
    if (sideOf(a.speaker) === 'customer' && sideOf(b.speaker) === 'team')
      pauses.push({ speaker: b.speaker, pause: Math.max(0, b.start - a.end) });
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

  const punctuated = input.segments.some((s) => /[.!?]/.test(s.text));
  const questionsIn = (text: string) =>
    punctuated
      ? sentencesOf(text).filter((s) => s.endsWith('?')).length
      : QUESTION_WORDS.has((wordsOf(text)[0] ?? '').toLowerCase().replace(/[^\p{L}]/gu, ''))
        ? 1
        : 0;

  const perMinute = (n: number, seconds: number) => (seconds > 0 ? n / (seconds / 60) : null);
  const people: TCallPerson[] =
    source === 'none'
      ? []
      : speakersAll.map((sp) => {
          const mine = segs.filter((s) => s.who === sp);
          const words = mine.reduce((n, s) => n + wordsOf(s.text).length, 0);
          const fillers = mine.reduce((n, s) => n + fillersIn(s.text), 0);
          const longest = longestOf((x) => x === sp);
          const t = talk.get(sp) ?? 0;
          return {
            speaker: sp,
            name: nameOf(sp),
            user_id: who.get(sp)?.userId ?? null,
            side: sideOf(sp),
            talk_seconds: t,
            talk_ratio: totalTalk > 0 ? t / totalTalk : 0,
            words,
            words_per_minute: perMinute(words, t),
            questions: mine.reduce((n, s) => n + questionsIn(s.text), 0),
            fillers,
            fillers_per_minute: perMinute(fillers, t),
            longest_monologue_seconds: longest?.seconds ?? 0,
            longest_monologue_start: longest?.start ?? null,
            patience_seconds: mean(pauses.filter((p) => p.speaker === sp).map((p) => p.pause)),
          };
        });
  const team = people.filter((p) => p.side === 'team');
  const sideTalk = (side: TSide) => {
    const seconds = people.filter((p) => p.side === side).reduce((n, p) => n + p.talk_seconds, 0);
    return { talk_seconds: seconds, talk_ratio: totalTalk > 0 ? seconds / totalTalk : 0 };
  };
  const questions = source === 'none' ? null : team.reduce((n, p) => n + p.questions, 0);

  const allWords = segs.reduce((n, s) => n + wordsOf(s.text).length, 0);
  const allFillers = segs.reduce((n, s) => n + fillersIn(s.text), 0);
  const timed = segs.flatMap((s) => (s.start !== null && s.end !== null ? [{ start: s.start, end: s.end }] : []));
  const teamTalk = team.reduce((n, p) => n + p.talk_seconds, 0);
  const spanForWords = source === 'none' ? unionLength(timed) : teamTalk;

  const mentions: TCallMention[] = [];
  for (const s of segs) {
    const kinds: [TCallMention['kind'], string[]][] = [
      ['competitor', input.competitors],
      ['pricing', PRICING],
      ['next_steps', NEXT_STEPS],
    ];
    for (const [kind, terms] of kinds)
      for (const term of terms) {
        const re = phrase(term);
        const m = re.exec(s.text);
        if (!m) continue;
        const sentence = sentencesOf(s.text).find((x) => phrase(term).test(x)) ?? s.text;
        mentions.push({ kind, term, at: s.start, speaker: s.who ?? s.speaker, text: sentence });
      }
  }

  const turnsOut: TCallTurn[] = turns.map((t) => ({
    start: t.start,
    end: t.end,
    speaker: t.speaker,
    name: nameOf(t.speaker),
    side: sideOf(t.speaker),
  }));
  const withSpeakers = source !== 'none';
  return {
    speaker_source: source,
    duration_seconds: duration,
    turns: turnsOut,
    people,
    sides: withSpeakers ? { team: sideTalk('team'), customer: sideTalk('customer'), unknown: sideTalk('unknown') } : null,
    longest_monologue: withSpeakers ? longestOf((sp) => sideOf(sp) === 'team') : null,
    longest_story: withSpeakers ? longestOf((sp) => sideOf(sp) === 'customer') : null,
    interactivity: withSpeakers && duration ? switches / (duration / 60) : null,
    patience_seconds: withSpeakers ? mean(pauses.map((p) => p.pause)) : null,
    questions,
    questions_per_hour: questions !== null && duration ? questions / (duration / 3600) : null,
    question_source: withSpeakers ? (punctuated ? 'punctuation' : 'forms') : null,
    words_per_minute: perMinute(withSpeakers ? team.reduce((n, p) => n + p.words, 0) : allWords, spanForWords),
    fillers: withSpeakers ? team.reduce((n, p) => n + p.fillers, 0) : allFillers,
    fillers_per_minute: perMinute(withSpeakers ? team.reduce((n, p) => n + p.fillers, 0) : allFillers, spanForWords),
    mentions,
  };
}

/**
 * An independent reading of the call statistics' definitions (docs/coaching-statistics.md, issue 31's
 * definitions), written from the text alone to double-check the hand set's values and print their working.
 * It imports nothing from the product: the set measures `computeCallStats` from the outside.
 */

export type RefSide = 'team' | 'customer' | 'unknown';
export type RefSegment = { start: number | null; end: number | null; speaker: string | null; text: string };
export type RefSpeaker = { speaker: string; name: string; side: 'team' | 'customer' };
type Turn = RefSegment & { start: number; end: number; speaker: string; index: number };

const QUESTION_FORMS = new Set(
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
/** Whole words, case-insensitive: no letter or digit right before or after. */
const wholeWord = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(term).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu');

export const wordsOf = (text: string) => text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
export const fillersOf = (text: string) => FILLERS.reduce((n, f) => n + (text.match(wholeWord(f))?.length ?? 0), 0);
/** Sentences: split after each run of . ! ? and at the end of the text. */
export const sentencesOf = (text: string) => (text.match(/[^.!?]*[.!?]+|[^.!?]+$/g) ?? []).map((s) => s.trim()).filter(Boolean);
const punctuatedQuestions = (text: string) => sentencesOf(text).filter((s) => s.endsWith('?')).length;
const formQuestion = (text: string) => {
  const first = text.trim().split(/\s+/)[0] ?? '';
  return QUESTION_FORMS.has(first.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')) ? 1 : 0;
};
/** A segment's questions: sentences ending in "?", or one when it opens with a question form (unpunctuated transcripts). */
export const questionsOf = (text: string, forms: boolean) => (forms ? formQuestion(text) : punctuatedQuestions(text));

/** Length of the union of intervals. */
export function unionLength(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cur: [number, number] | null = null;
  for (const [s, e] of sorted) {
    if (!cur || s > cur[1]) {
      if (cur) total += cur[1] - cur[0];
      cur = [s, e];
    } else cur[1] = Math.max(cur[1], e);
  }
  if (cur) total += cur[1] - cur[0];
  return total;
}

export type RefPerson = {
  speaker: string;
  name: string;
  side: RefSide;
  talk_seconds: number;
  talk_ratio: number | null;
  words: number;
  words_per_minute: number | null;
  questions: number;
  fillers: number;
  fillers_per_minute: number | null;
  longest_monologue_seconds: number | null;
  longest_monologue_start: number | null;
  patience_seconds: number | null;
};
export type RefStretch = { seconds: number; start: number; name: string } | null;
export type RefMention = { kind: 'competitor' | 'pricing' | 'next_steps'; term: string; at: number | null; speaker: string | null };
export type RefStats = {
  speaker_source: 'transcript' | 'none';
  duration_seconds: number | null;
  people: RefPerson[];
  team_talk_ratio: number | null;
  customer_talk_ratio: number | null;
  unknown_talk_ratio: number | null;
  longest_monologue: RefStretch;
  longest_story: RefStretch;
  interactivity: number | null;
  patience_seconds: number | null;
  questions: number | null;
  questions_per_hour: number | null;
  question_source: 'punctuation' | 'forms' | null;
  words_per_minute: number | null;
  fillers: number;
  fillers_per_minute: number | null;
  mentions: RefMention[];
};
export type RefWorking = {
  turns: { start: number; end: number; speaker: string; side: RefSide; words: number; backchannel: boolean }[];
  runs: { speaker: string; side: RefSide; start: number; end: number; seconds: number; turns: number }[];
  switches: number;
  patiencePairs: { customer: string; team: string; customerEnd: number; teamStart: number; pause: number }[];
};

/** The statistics of a transcript (no voice turns, no media duration), and the working behind them. */
export function referenceStats(
  segments: RefSegment[],
  speakers: RefSpeaker[],
  competitors: string[],
): { stats: RefStats; working: RefWorking } {
  const sideOf = (label: string | null): RefSide => speakers.find((s) => s.speaker === label)?.side ?? 'unknown';
  const nameOf = (label: string) => speakers.find((s) => s.speaker === label)?.name ?? label;
  const hasSpeakers = segments.some((s) => s.speaker !== null);
  const allText = segments.map((s) => s.text).join(' ');
  const forms = !/[.!?]/.test(allText);
  const questionsIn = (text: string) => questionsOf(text, forms);

  const turns: Turn[] = segments
    .map((s, index) => ({ ...s, index }))
    .filter((s): s is Turn => s.start !== null && s.end !== null && s.speaker !== null)
    .sort((a, b) => a.start - b.start || a.end - b.end || a.index - b.index);
  const isBackchannel = (t: Turn) => t.end - t.start < 1 && wordsOf(t.text) <= 2;

  // Runs: consecutive turns of one speaker, another speaker's backchannels ignored.
  const runs: { speaker: string; first: Turn; last: Turn; turns: number }[] = [];
  for (const t of turns) {
    const cur = runs.at(-1);
    if (cur && t.speaker !== cur.speaker && isBackchannel(t)) continue;
    if (cur && t.speaker === cur.speaker) {
      cur.last = t;
      cur.turns++;
    } else runs.push({ speaker: t.speaker, first: t, last: t, turns: 1 });
  }
  const runSeconds = (r: (typeof runs)[number]) => r.last.end - r.first.start;
  const longestOf = (pick: (r: (typeof runs)[number]) => boolean): RefStretch => {
    let best: (typeof runs)[number] | null = null;
    for (const r of runs) if (pick(r) && (!best || runSeconds(r) > runSeconds(best))) best = r;
    if (!best) return null;
    const ties = runs.filter((r) => pick(r) && r !== best && Math.abs(runSeconds(r) - runSeconds(best)) < 1e-9);
    if (ties.length) throw new Error(`a tie for the longest run (${best.speaker} at ${best.first.start}): make the case unambiguous`);
    return { seconds: runSeconds(best), start: best.first.start, name: nameOf(best.speaker) };
  };

  const first = turns[0];
  const last = turns.at(-1);
  if (last && turns.some((t) => t.end > last.end)) throw new Error('the last turn does not end last: make the case unambiguous');
  for (let i = 1; i < turns.length; i++)
    if (turns[i]!.start === turns[i - 1]!.start) throw new Error(`two turns start at ${turns[i]!.start}: make the case unambiguous`);
  const duration = first && last ? last.end - first.start : null;

  let switches = 0;
  const pairs: RefWorking['patiencePairs'] = [];
  for (let i = 1; i < turns.length; i++) {
    const a = turns[i - 1]!;
    const b = turns[i]!;
    if (a.speaker !== b.speaker) switches++;
    if (sideOf(a.speaker) === 'customer' && sideOf(b.speaker) === 'team')
      pairs.push({ customer: a.speaker, team: b.speaker, customerEnd: a.end, teamStart: b.start, pause: Math.max(0, b.start - a.end) });
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((x, y) => x + y, 0) / xs.length : null);

  const labels = [...new Set(segments.map((s) => s.speaker).filter((s): s is string => s !== null))];
  const talk = new Map(labels.map((l) => [l, unionLength(turns.filter((t) => t.speaker === l).map((t) => [t.start, t.end]))]));
  const total = [...talk.values()].reduce((x, y) => x + y, 0);
  const ratio = (x: number) => (total > 0 ? x / total : null);
  const perMinute = (count: number, seconds: number) => (seconds > 0 ? count / (seconds / 60) : null);

  const people: RefPerson[] = labels.map((label) => {
    const mine = segments.filter((s) => s.speaker === label);
    const words = mine.reduce((n, s) => n + wordsOf(s.text), 0);
    const fillers = mine.reduce((n, s) => n + fillersOf(s.text), 0);
    const seconds = talk.get(label)!;
    const myRuns = runs.filter((r) => r.speaker === label);
    const longest = myRuns.reduce<(typeof runs)[number] | null>((b, r) => (!b || runSeconds(r) > runSeconds(b) ? r : b), null);
    if (longest && myRuns.some((r) => r !== longest && Math.abs(runSeconds(r) - runSeconds(longest)) < 1e-9))
      throw new Error(`a tie for ${label}'s longest run: make the case unambiguous`);
    return {
      speaker: label,
      name: nameOf(label),
      side: sideOf(label),
      talk_seconds: seconds,
      talk_ratio: ratio(seconds),
      words,
      words_per_minute: perMinute(words, seconds),
      questions: mine.reduce((n, s) => n + questionsIn(s.text), 0),
      fillers,
      fillers_per_minute: perMinute(fillers, seconds),
      longest_monologue_seconds: longest ? runSeconds(longest) : null,
      longest_monologue_start: longest ? longest.first.start : null,
      patience_seconds: sideOf(label) === 'team' ? mean(pairs.filter((p) => p.team === label).map((p) => p.pause)) : null,
    };
  });
  const sideTalk = (side: RefSide) => people.filter((p) => p.side === side).reduce((n, p) => n + p.talk_seconds, 0);
  const team = people.filter((p) => p.side === 'team');
  const teamWords = team.reduce((n, p) => n + p.words, 0);
  const teamFillers = team.reduce((n, p) => n + p.fillers, 0);
  const teamQuestions = team.reduce((n, p) => n + p.questions, 0);

  const mentions: RefMention[] = [];
  for (const s of segments) {
    const kinds: [RefMention['kind'], string[]][] = [
      ['competitor', competitors],
      ['pricing', PRICING],
      ['next_steps', NEXT_STEPS],
    ];
    for (const [kind, terms] of kinds)
      for (const term of terms) if (wholeWord(term).test(s.text)) mentions.push({ kind, term, at: s.start, speaker: s.speaker });
  }

  const working: RefWorking = {
    turns: turns.map((t) => ({
      start: t.start,
      end: t.end,
      speaker: t.speaker,
      side: sideOf(t.speaker),
      words: wordsOf(t.text),
      backchannel: isBackchannel(t),
    })),
    runs: runs.map((r) => ({
      speaker: r.speaker,
      side: sideOf(r.speaker),
      start: r.first.start,
      end: r.last.end,
      seconds: runSeconds(r),
      turns: r.turns,
    })),
    switches,
    patiencePairs: pairs,
  };

  if (!hasSpeakers) {
    const timed = segments.filter((s) => s.start !== null && s.end !== null).map((s): [number, number] => [s.start!, s.end!]);
    const span = unionLength(timed);
    const words = segments.reduce((n, s) => n + wordsOf(s.text), 0);
    const fillers = segments.reduce((n, s) => n + fillersOf(s.text), 0);
    return {
      stats: {
        speaker_source: 'none',
        // No turns: the media's duration, which the set does not give.
        duration_seconds: null,
        people: [],
        team_talk_ratio: null,
        customer_talk_ratio: null,
        unknown_talk_ratio: null,
        longest_monologue: null,
        longest_story: null,
        interactivity: null,
        patience_seconds: null,
        questions: null,
        questions_per_hour: null,
        question_source: null,
        words_per_minute: perMinute(words, span),
        fillers,
        fillers_per_minute: perMinute(fillers, span),
        mentions,
      },
      working: { turns: [], runs: [], switches: 0, patiencePairs: [] },
    };
  }

  const teamTalk = sideTalk('team');
  return {
    stats: {
      speaker_source: 'transcript',
      duration_seconds: duration,
      people,
      team_talk_ratio: ratio(teamTalk),
      customer_talk_ratio: ratio(sideTalk('customer')),
      unknown_talk_ratio: ratio(sideTalk('unknown')),
      longest_monologue: longestOf((r) => sideOf(r.speaker) === 'team'),
      longest_story: longestOf((r) => sideOf(r.speaker) === 'customer'),
      interactivity: duration ? switches / (duration / 60) : null,
      patience_seconds: mean(pairs.map((p) => p.pause)),
      questions: teamQuestions,
      questions_per_hour: duration ? teamQuestions / (duration / 3600) : null,
      question_source: forms ? 'forms' : 'punctuation',
      words_per_minute: perMinute(teamWords, teamTalk),
      fillers: teamFillers,
      fillers_per_minute: perMinute(teamFillers, teamTalk),
      mentions,
    },
    working,
  };
}

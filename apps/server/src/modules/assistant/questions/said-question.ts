import { MONTHS, periodRange, type DateRange } from './periods';
import { readCloseRange } from './read-filters';
import { addDays } from './time-zone';

/**
 * Questions about what was said on calls: "what did Kaveri say about pricing", "when did we last
 * discuss the rollout with Sahyadri", "what objections came up on my calls this week". Read here
 * into who spoke, about what, with whom, on whose calls and when; answered by answer-said.ts from
 * the transcripts' segments.
 */
export type SaidQuestion = {
  /** Who spoke, as typed ('kaveri', 'the customer', 'we'); null: anyone. */
  who: string | null;
  /** What about, as typed ('the rollout'); null: anything (a speaker's words, or the objections). */
  topic: string | null;
  /** The call was with (an account, a deal or a person), as typed. */
  with: string | null;
  /** The objections raised, by the lexicon (pricing, budget, timing, security, competitor, authority). */
  objections: boolean;
  /** "When did we last…": the latest call it came up on first. */
  latest: boolean;
  /** The caller's own calls, or their team's; null: every call they may see. */
  whose: 'mine' | 'team' | null;
  period: DateRange | null;
};

/** Typing slips and shorthand in these questions, mended before reading. */
const MENDS: [RegExp, string][] = [
  [/\b(?:wat|wht|waht|whta)\b/g, 'what'],
  [/\b(?:abt|abut|bout|abuot)\b/g, 'about'],
  [/\b(?:sayd|siad|sai|sed)\b/g, 'said'],
  [/\b(?:sya|sya)\b/g, 'say'],
  [/\bdi(?:s|ss)?(?:cu|uc|c)s+(ed|ing)?\b/g, 'discuss$1'],
  [/\bdisscuss(ed|ing)?\b/g, 'discuss$1'],
  [/\bmentio?n(ed)?\b/g, 'mention$1'],
  [/\bmenton(ed)?\b/g, 'mention$1'],
  [/\broll[\s-]+out\b/g, 'rollout'],
  [/\bcame\s+upp?\b/g, 'came up'],
  [/\bcalss\b|\bclals\b/g, 'calls'],
  [/\bwk\b/g, 'week'],
  [/\bmnth\b|\bmth\b/g, 'month'],
];

/** Alternatives as one non-capturing group. */
const alt = (...words: string[]) => `(?:${words.join('|')})`;

const VERB = alt(
  'discuss|discussed|cover|covered|say|said|says|saying|mention|mentioned|tell\\s+(?:us|me|you)|told\\s+(?:us|me|you)|raise|raised',
  'bring\\s+up|brought\\s+up|ask\\s+about|asked\\s+about|think\\s+about|thought\\s+about|feel\\s+about',
  'complain\\s+about|complained\\s+about|talk\\s+about|talked\\s+about',
);
const DISCUSSED = alt(
  'discuss|discussed|talk\\s+about|talked\\s+about|talk|talked|mention|mentioned|bring\\s+up|brought\\s+up|raise|raised',
  'cover|covered|speak\\s+about|spoke\\s+about|go\\s+over|went\\s+over|say|said',
);

/** "what did X say (about Y)", "what has X said on Y", "what were they saying about Y". */
const WHAT_DID = new RegExp(String.raw`\bwhat\s+(?:did|does|do|has|have|had|were|was|is|are)\s+(.+?)\s+${VERB}\b\s*(.*)$`);
/** "what was said about Y (by X)". */
const WHAT_WAS = new RegExp(
  String.raw`\bwhat\s+(?:was|were|has\s+been|have\s+been|got|gets)\s+(?:said|mentioned|discussed|raised|brought\s+up)\b\s*(.*)$`,
);
/** "when did we (last) discuss Y (with X)". */
const WHEN_DID = new RegExp(String.raw`\bwhen\s+(?:did|have|has|had)\s+(.+?)\s+(?:last\s+|ever\s+|first\s+)?${DISCUSSED}\b\s*(.*)$`);
/** "when was Y (last) discussed (with X)". */
const WHEN_WAS = new RegExp(
  String.raw`\bwhen\s+(?:was|were|is|has|have)\s+(.+?)\s+(?:last\s+|ever\s+|been\s+|first\s+)*` +
    String.raw`(?:discussed|mentioned|raised|brought\s+up|talked\s+about|covered)\b\s*(.*)$`,
);
/** "who mentioned Y", "who said Y", "who brought up Y" ("who talked about" stays a search of meetings and deals). */
const WHO_SAID = /\bwho\s+(?:mentioned|said|brought\s+up|raised|asked\s+about|complained\s+about)\s+(.+)$/;
/** "did X mention Y", "has anyone raised Y". */
const DID_X = new RegExp(String.raw`^\s*(?:did|has|have|had)\s+(.+?)\s+(?:ever\s+)?${VERB}\s+(.+)$`);
/** "any objections", "what objections came up", "pushback from Kaveri", "concerns raised on my calls". */
const OBJECTIONS = either(
  /\bobj\w*ons?\b|\bobjected\b|\bpush\s*-?back\b/,
  /\b(?:concerns?|hesitations?|reservations?)\b.*\b(?:raised?|came\s+up|voiced|said|had|calls?|meetings?)\b/,
  /\b(?:raised?|came\s+up|voiced|any)\b.*\b(?:concerns?|hesitations?)\b/,
);
/** "quotes about pricing", "exact words on the rollout". */
const QUOTES = /\b(?:quotes?|exact\s+words)\s+(?:about|on|regarding|from|of)\s+(.+)$/;

function either(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'));
}

/** A question about one call rather than a topic: 'in the last meeting', 'on our most recent call'. */
const LAST_CALL = /\b(?:last|latest|most\s+recent|previous|recent)\s+(?:meeting|call|conversation|discussion|recording|demo|sync)s?\b/;

/** Words that say nothing of who spoke. */
const NOBODY = /^(?:anyone|anybody|someone|somebody|everyone|people|any\s*one)$/;

const PERIOD_WORDS = alt(
  'today|yesterday|this\\s+(?:week|month|quarter|year)|last\\s+(?:week|month|quarter|year)|past\\s+(?:week|month)',
  '(?:in\\s+the\\s+)?(?:last|past)\\s+\\d{1,3}\\s+(?:days?|weeks?|months?)|recently|lately|so\\s+far|ever',
);
const WHOSE_WORDS =
  "(?:(?:on|in|during|from|across)\\s+)?(?:(?:my|our|our\\s+team'?s|my\\s+team'?s|the\\s+team'?s|team|the|all|any|their|his|her)\\s+)?" +
  '(?:calls?|meetings?|recordings?|conversations?|transcripts?)';
/** 'in the last call', 'on our most recent meeting': the latest call first. */
const IN_LAST_CALL = new RegExp(
  String.raw`\b(?:in|on|during)\s+(?:the|our|my)\s+(?:last|latest|most\s+recent|previous|recent)\s+` +
    String.raw`(?:meeting|call|conversation|discussion|recording|demo|sync)s?\b`,
);
/** 'on the Kaveri call', 'in Sahyadri meetings': whom the calls were with. */
const ON_CALLS_WITH = /\b(?:on|in|during|from)\s+(?:the\s+)?([\p{L}][\p{L}\s'&.-]*?)\s+(?:calls?|meetings?|demos?)\b/u;

/** The calls' period named in the question, read against `today` (yyyy-mm-dd). */
export function readSaidPeriod(text: string, today: string): DateRange | null {
  const t = text.toLowerCase();
  if (/\btoday\b/.test(t)) return { from: today, to: today, label: 'today' };
  if (/\byesterday\b/.test(t)) return { from: addDays(today, -1), to: addDays(today, -1), label: 'yesterday' };
  const n = /\b(?:last|past)\s+(\d{1,3})\s+(days?|weeks?|months?)\b/.exec(t);
  if (n) {
    const days = Number(n[1]) * (n[2]!.startsWith('week') ? 7 : n[2]!.startsWith('month') ? 30 : 1);
    return { from: addDays(today, -days), to: today, label: `in the last ${n[1]} ${n[2]}` };
  }
  if (/\b(?:last|past|previous)\s+week\b/.test(t)) return { ...periodRange('this_week', addDays(today, -7)), label: 'last week' };
  if (/\b(?:last|past|previous)\s+month\b/.test(t)) {
    const start = periodRange('this_month', today).from;
    return { ...periodRange('this_month', addDays(start, -1)), label: 'last month' };
  }
  if (/\b(?:last|past|previous)\s+quarter\b/.test(t)) {
    const start = periodRange('this_quarter', today).from;
    return { ...periodRange('this_quarter', addDays(start, -1)), label: 'last quarter' };
  }
  if (/\bthis\s+(?:week|month|quarter|year)\b/.test(t) || new RegExp(`\\b(?:${MONTHS.join('|')})\\b`).test(t))
    return readCloseRange(
      t.replace(/\bmay\b(?!\s+\d{4})/, (m) => (/\b(in|during)\s+may\b/.test(t) ? m : ' ')),
      today,
    );
  return null;
}

/** The question's text without the words that say when and on whose calls. */
const strip = (text: string) =>
  text
    .replace(new RegExp(IN_LAST_CALL.source, 'g'), ' ')
    .replace(new RegExp(`\\b${PERIOD_WORDS}\\b`, 'g'), ' ')
    .replace(new RegExp(`\\b(?:${MONTHS.join('|')})(?:\\s+\\d{4})?\\b`, 'g'), ' ')
    .replace(new RegExp(`\\b${WHOSE_WORDS}\\b`, 'g'), ' ')
    .replace(/[?!.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A topic and whom it was with, from "about the rollout with Sahyadri", "on pricing from Kaveri". */
function topicAndWith(rest: string): { topic: string | null; with: string | null; by: string | null } {
  let text = ` ${strip(rest)} `;
  let by: string | null = null;
  let withWhom: string | null = null;
  const byMatch = /\s(?:by|from)\s+(.+?)\s*$/.exec(text);
  if (byMatch) {
    by = byMatch[1]!.trim();
    text = text.slice(0, byMatch.index);
  }
  const withMatch = /\s(?:with|at|for|to)\s+(.+?)\s*$/.exec(text);
  if (withMatch) {
    withWhom = withMatch[1]!.replace(/^(?:account|company|the\s+account)\s+/, '').trim();
    text = text.slice(0, withMatch.index);
    // 'with Kaveri about pricing': the topic after whom.
    const about = /^(.+?)\s+(?:about|regarding|on)\s+(.+)$/.exec(withWhom);
    if (about && !text.trim()) {
      withWhom = about[1]!;
      text = ` about ${about[2]!} `;
    }
  }
  // 'in the meeting', 'during the demo' say where, not what about.
  if (/^\s*(?:in|during|at)\s/.test(text)) return { topic: null, with: withWhom, by };
  const topic = text
    .replace(/^\s*(?:about|on|regarding|re|of|around|concerning|over|to\s+us\s+about)\s+/, '')
    .replace(/^\s*(?:the|our|their|a|an)\s+/, '')
    .trim();
  return { topic: topic || null, with: withWhom || null, by: by || null };
}

/** The caller's own calls ("my calls", "I had"), their team's ("my team's calls"), or all they may see. */
function readWhose(text: string): SaidQuestion['whose'] {
  if (/\b(?:my|our|the)\s+team'?s?\s+(?:calls?|meetings?|recordings?|conversations?)\b|\bteam\s+calls?\b/.test(text)) return 'team';
  if (/\bmy\s+(?:calls?|meetings?|recordings?|conversations?|demos?)\b|\bi\s+(?:had|held|ran|recorded|uploaded|was\s+on)\b/.test(text))
    return 'mine';
  return null;
}

const clean = (s: string | null) => {
  const v = s
    ?.replace(/^(?:the|a|an)\s+/, '')
    .replace(/'s$/, '')
    .trim();
  return v ? v : null;
};

/** Reads a question about what was said on calls; null when it is another kind of question. */
export function readSaidQuestion(question: string, today: string): SaidQuestion | null {
  const read = readSaid(question, today);
  // 'about pricing in the last call with Kaveri': the latest call it came up on first.
  return read && IN_LAST_CALL.test(question.toLowerCase()) ? { ...read, latest: true } : read;
}

function readSaid(question: string, today: string): SaidQuestion | null {
  let q = ` ${question.toLowerCase().replace(/[’‘]/g, "'")} `;
  for (const [re, to] of MENDS) q = q.replace(re, to);
  q = q.replace(/\s+/g, ' ').trim();
  // "What was discussed in the last meeting (with X)": the meeting's summary, unless a topic is asked about.
  if (LAST_CALL.test(q) && !/\b(?:about|regarding|objections?)\b/.test(q)) return null;
  const base = { whose: readWhose(q), period: readSaidPeriod(q, today) };

  if (OBJECTIONS.test(q)) {
    // Whose objections: "from Kaveri", "did Sahyadri raise", "on calls with Kaveri".
    const from = /\b(?:from|by|did|with|at)\s+(.+?)(?:\s+(?:raise|have|voice|bring\s+up|had|on|in|this|last|during|recently)\b.*)?$/.exec(
      strip(q),
    );
    const onCalls = ON_CALLS_WITH.exec(q)?.[1];
    const callsWith =
      onCalls && !/\b(?:my|our|team'?s?|this|last|all|any|recent|latest|previous|their|his|her)\b/.test(onCalls) ? onCalls : null;
    const named = clean(callsWith ?? from?.[1]?.replace(/\b(?:objections?|concerns?|calls?|meetings?)\b/g, '').trim() ?? null);
    return {
      who: null,
      topic: null,
      with: named && !NOBODY.test(named) && !/^(?:we|us|me|i|you|they)$/.test(named) ? named : null,
      objections: true,
      latest: false,
      ...base,
    };
  }

  let m = WHEN_WAS.exec(q);
  if (m && !/\b(?:last|latest|previous)\s+(?:meeting|call)\b/.test(m[1]!)) {
    const { with: w, by } = topicAndWith(m[2]!);
    const topic = clean(topicAndWith(m[1]!).topic);
    if (topic) return { who: by, topic, with: w, objections: false, latest: true, ...base };
  }
  m = WHEN_DID.exec(q);
  if (m) {
    const { topic, with: w, by } = topicAndWith(m[2]!);
    const subject = clean(m[1]!.replace(/\b(?:last|ever|first)\b/g, '').trim());
    if (topic)
      return {
        who: by ?? (subject && !/^(?:we|i|you|us)$/.test(subject) ? subject : null),
        topic: clean(topic),
        with: w,
        objections: false,
        latest: true,
        ...base,
      };
  }
  m = WHAT_DID.exec(q);
  if (m) {
    const subject = clean(m[1]!);
    const { topic, with: w, by } = topicAndWith(m[2]!);
    // What "we" discussed was said on both sides of the call.
    const both = /^(?:we|us)$/.test(subject ?? '') && /\b(?:discuss|discussed|cover|covered|talk|talked)\b/.test(q);
    const who = by ?? (both ? null : subject);
    // A speaker is a name or a pronoun of a few words, not a record's field ('what is the stage of the deal I raised').
    if (subject && (subject.split(' ').length > 4 || /\b(?:deals?|amount|stage|status|value|pipeline|tasks?|next\s+step)\b/.test(subject)))
      return null;
    // "what did we talk about with Kaveri" (no topic, nobody named) is the last meeting's summary.
    const pronoun = !who || both || /^(?:we|you|they|us)$/.test(who);
    if (topic || !pronoun) return { who, topic: clean(topic), with: w, objections: false, latest: false, ...base };
  }
  m = WHAT_WAS.exec(q);
  if (m) {
    const { topic, with: w, by } = topicAndWith(m[1]!);
    if (topic) return { who: by, topic: clean(topic), with: w, objections: false, latest: false, ...base };
  }
  m = WHO_SAID.exec(q);
  if (m) {
    const { topic, with: w } = topicAndWith(m[1]!);
    if (topic) return { who: null, topic: clean(topic), with: w, objections: false, latest: false, ...base };
  }
  m = DID_X.exec(q);
  if (m) {
    const { topic, with: w, by } = topicAndWith(m[2]!);
    const who = clean(m[1]!);
    if (topic)
      return { who: by ?? (who && NOBODY.test(who) ? null : who), topic: clean(topic), with: w, objections: false, latest: false, ...base };
  }
  m = QUOTES.exec(q);
  if (m) {
    const { topic, with: w, by } = topicAndWith(m[1]!);
    if (topic || by) return { who: by, topic: clean(topic), with: w, objections: false, latest: false, ...base };
  }
  return null;
}

import { either } from './either';
import { addDays } from './time-zone';
import type { DateRange } from './periods';
import { readSaidPeriod } from './said-question';

/**
 * The assistant's questions about how people talk on calls (issue 31, docs/coaching-statistics.md): "what was my
 * talk ratio last week", "who on my team talks the most", "how many questions did I ask on the call with Kaveri".
 * Read here; answered by answer-coaching.ts from the coaching module's figures.
 */
export type CoachingQuestion =
  /** A person's talk ratio over a period: the caller's, or a colleague's by name. */
  | { kind: 'talk_ratio'; who: string | null; period: DateRange }
  /** The caller's team ranked by talk ratio: who talks the most (or the least). */
  | { kind: 'team_talk'; order: 'most' | 'least'; period: DateRange }
  /** Questions asked on one call: by the caller, the team's side, or a colleague; the call with someone, else the caller's latest. */
  | { kind: 'call_questions'; asker: 'me' | 'team' | string; with: string | null }
  /** The caller's talk ratio on one call: "my talk ratio on the call with Kaveri". */
  | { kind: 'call_talk'; with: string | null };

/** Typing slips in these questions, mended before reading. */
const MENDS: [RegExp, string][] = [
  [/\b(?:wat|wht|waht|whta)\b/g, 'what'],
  [/\b(?:tlak|takl|tallk|tak)(s|ed|ing)?\b/g, 'talk$1'],
  [/\b(?:raito|ratoi|ration|rato|ratios)\b/g, 'ratio'],
  [/\b(?:qs|q's|questons|quesitons|questins|qestions|questiosn)\b/g, 'questions'],
  [/\b(?:aks|asekd|askd)\b/g, 'ask'],
  [/\bhw\b/g, 'how'],
  [/\bmny\b/g, 'many'],
  [/\bwk\b/g, 'week'],
];

/** The talk ratio, in the words people use for it. */
const TALK_FIGURE = either(
  /\btalk(?:ing)?[\s-]*(?:(?:to|vs\.?|versus|\/)[\s-]*listen(?:ing)?[\s-]*)?(?:time\s+)?(?:ratio|share|percentage|split)\b/,
  /\btalk(?:ing)?\s*(?:\/|vs\.?|versus|or|and|to)\s*listen(?:ing)?\b/,
  /\bhow\s+much\s+(?:did|do|does|have|had|was|am|is)\s+(?:i|me|\w+)\s+(?:been\s+)?(?:talk|speak|talking|speaking)\b/,
  new RegExp(
    String.raw`\b(?:percent(?:age)?|share|%|portion|fraction|much)\s+of\s+(?:the\s+|my\s+)?(?:time|calls?|conversations?|meetings?)` +
      String.raw`\s+(?:did|do|was|am|have)?\s*i\s+(?:talk|speak|spend\s+talking)`,
  ),
  /\b(?:did|do|am)\s+i\s+(?:talk|talking)\s+too\s+much\b/,
  // "Listening ratio", "speaking time share", "talk time", "how talkative is Rohan".
  /\b(?:listen(?:ing)?|speak(?:ing)?)[\s-]*(?:time\s+)?(?:ratio|share|percentage|split)\b/,
  /\btalk(?:ing)?[\s-]*time\b|\btalkative\b/,
);
/** Who talks the most, the least, listens the most: a ranking; the direction in the first group that matched. */
const RANKING = either(
  /\btalk(?:s|ed|ing)?\s+(?:the\s+)?(?:most|more|too\s+much)\b|\b(?:biggest|top|chattiest|loudest)\s+talkers?\b|\bdominat\w*/,
  /\b(?:highest|top|most)\s+talk(?:[\s-]*to[\s-]*listen)?\s+(?:time\s+)?ratios?\b|\blistens?\s+(?:the\s+)?(?:least|less)\b/,
);
const RANKING_LEAST = either(
  /\btalk(?:s|ed|ing)?\s+(?:the\s+)?(?:least|less)\b|\b(?:lowest|best)\s+talk(?:[\s-]*to[\s-]*listen)?\s+(?:time\s+)?ratios?\b/,
  /\blistens?\s+(?:the\s+)?(?:most|more|best)\b|\b(?:best|biggest|top)\s+listeners?\b|\bquietest\b/,
);
/** Everyone's figures, not one person's. */
const TEAM_WORDS = either(
  /\b(?:who|which|whose)\b|\b(?:rank|ranking|compare|comparison|sort|leaderboard)\b/,
  /\b(?:my|our|the)\s+(?:team|reps|people|sellers|salespeople|members)\b|\bteam'?s\b/,
  /\b(?:by|per|for\s+each|of\s+each|each)\s+(?:rep|person|member|seller)\b/,
  /\beveryone'?s?\b|\ball\s+(?:my\s+)?reps\b/,
);
/** "How many questions did I ask", "number of questions we asked", "did I ask enough questions". */
const QUESTION_COUNT = either(
  /\b(?:how\s+many|number\s+of|count\s+(?:of\s+)?(?:the\s+)?|total\s+(?:of\s+)?|enough|more)\s*(?:discovery\s+)?questions?\b/,
  /\bquestions?\s+(?:count|tally|total)\b/,
);
const ASKED = /\b(?:ask|asked|asking|asks|pose|posed)\b/;

/** Words around a name that are not it. */
const NOT_A_NAME = /^(?:me|us|them|him|her|it|you|my\s+team|the\s+team|our\s+team|the\s+customer|the\s+client|anyone|everyone)$/;

const clean = (s: string | undefined): string | null => {
  const v = s
    ?.replace(/[?.!,]+$/g, '')
    .replace(/^(?:the|my|our|a|an)\s+/, '')
    .replace(/'s$/, '')
    .trim();
  return v && !NOT_A_NAME.test(v) ? v : null;
};

/** The call's other party: "the call with Kaveri", "my last meeting with Kaveri Rao", "the Kaveri call", "ask Kaveri". */
function callWith(q: string): string | null {
  const stop = String.raw`(?:\s+(?:last|this|yesterday|today|on|in|during|earlier|recently|ago)\b.*)?$`;
  const withMatch = new RegExp(String.raw`\bwith\s+(.+?)${stop}`).exec(q);
  if (withMatch) return clean(withMatch[1]);
  const onThe = new RegExp(
    String.raw`\b(?:on|in|during|from)\s+(?:the|my|our)\s+(?!last\b|latest\b|most\b|recent\b|previous\b)(.+?)\s+` +
      String.raw`(?:call|meeting|demo|conversation|sync)\b`,
  ).exec(q);
  if (onThe) return clean(onThe[1]);
  const asked = new RegExp(
    String.raw`\bask(?:ed)?\s+(?!on\b|in\b|during\b|at\b|with\b|questions?\b|enough\b|them\b|the\s+)(.+?)${stop}`,
  ).exec(q);
  return asked ? clean(asked[1]) : null;
}

/** Who asked: the caller, the team's side, or a colleague named before "ask". */
function askerOf(q: string): 'me' | 'team' | string {
  if (/\b(?:did|have|has|had)\s+i\b|\bi\s+(?:ask|asked|pose|posed)\b|\bmy\s+questions\b/.test(q)) return 'me';
  if (/\b(?:did|have|had)\s+we\b|\bwe\s+asked\b|\b(?:were|was|got)\s+(?:asked|posed)\b|\b(?:our|the|my)\s+(?:team|side|reps?)\b/.test(q))
    return 'team';
  const named = /\b(?:did|has|had)\s+(.+?)\s+(?:ask|pose)\b/.exec(q);
  return clean(named?.[1]) ?? 'me';
}

/** Words before a name that are not part of it ("what was rahul's"). */
const LEAD_WORDS = /^(?:(?:what|whats|what's|was|is|were|how|did|does|show|me|tell|about|give|and|so|then|check)\s+)+/;
/** A period where a name could stand ("the talk ratio for last week"). */
const PERIOD_START =
  /^(?:last|this|past|previous|the\s+(?:last|past)|yesterday|today|in|over|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)\b/;

/** A colleague named as the talk ratio's subject: "Rahul's talk ratio", "the talk ratio of Priya Nair". */
function subjectOf(q: string): string | null {
  const possessive = /\b([a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*)?)'s\s+(?:talk|listen|speak)/.exec(q);
  const owner = possessive?.[1]!.replace(LEAD_WORDS, '');
  if (owner && !/^(?:what|who|that|it|team|my\s+team|our\s+team|everyone)$/.test(owner)) return clean(owner);
  const of = /\btalk(?:[\s-]*to[\s-]*listen)?\s+ratio\s+(?:of|for)\s+(.+?)(?:\s+(?:last|this|in|over|during|on|past|for)\b.*)?$/.exec(q);
  if (of && !PERIOD_START.test(of[1]!) && !/^(?:me|my|mine|my\s+calls|calls|the\s+team|my\s+team|everyone)\b/.test(of[1]!))
    return clean(of[1]);
  const talkative =
    /\bhow\s+talkative\s+has\s+(?!i\b|my\b|our\b)([a-z]+(?:\s+[a-z]+)?)\s+been\b/.exec(q) ??
    /\bhow\s+talkative\s+(?:is|was|has\s+been)\s+(?!i\b|my\b|our\b|the\s+team\b)([a-z]+(?:\s+[a-z]+)?)/.exec(q);
  if (talkative) return clean(talkative[1]!.replace(/\s+(?:on|in|during|last|this|over)$/, ''));
  const did = /\bhow\s+much\s+(?:did|does|has|was)\s+(?!i\b)([a-z]+(?:\s+[a-z]+)?)\s+(?:talk|speak)/.exec(q);
  return did ? clean(did[1]) : null;
}

/** The period a question names, else the last 30 days (as the Coaching page opens). */
function periodOf(q: string, today: string): DateRange {
  return readSaidPeriod(q, today) ?? { from: addDays(today, -29), to: today, label: 'in the last 30 days' };
}

/** Reads a coaching question (talk ratio, who talks the most, questions asked on a call); null for any other question. */
export function readCoachingQuestion(question: string, today: string): CoachingQuestion | null {
  let q = ` ${question.toLowerCase().replace(/[’‘]/g, "'")} `;
  for (const [re, to] of MENDS) q = q.replace(re, to);
  q = q.replace(/\s+/g, ' ').trim();

  if (QUESTION_COUNT.test(q) && ASKED.test(q) && !/\bwhat\s+questions\b/.test(q))
    return { kind: 'call_questions', asker: askerOf(q), with: callWith(q) };

  const ranking = RANKING.test(q) || RANKING_LEAST.test(q);
  const figure = TALK_FIGURE.test(q);
  if (!ranking && !figure) return null;
  // "Who talked about pricing", "who talks to Kaveri the most": what was said, or with whom, not how much.
  if (/\btalk(?:s|ed|ing)?\s+(?:about|to|with)\b/.test(q) && !figure) return null;
  const subject = subjectOf(q);
  if (TEAM_WORDS.test(q) && !subject) {
    // "My team's talk ratio" lists everyone as the ranking does, most first.
    if (!ranking && !/\b(?:team|reps?|people|person|members?|sellers?|everyone|each|all)\b/.test(q)) return null;
    return { kind: 'team_talk', order: RANKING_LEAST.test(q) ? 'least' : 'most', period: periodOf(q, today) };
  }
  if (!figure) return null;
  // One call's figure: "on the call with Kaveri", "on my last call".
  const oneCall =
    /\b(?:on|in|during|from)\s+(?:the|my|our|that|this)\s+(?:[\p{L}.'&-]+\s+){0,4}?(?:call|meeting|demo|conversation|sync)\b/u;
  if (!subject && oneCall.test(q)) return { kind: 'call_talk', with: callWith(q) };
  return { kind: 'talk_ratio', who: subject, period: periodOf(q, today) };
}

/** Whether the offline assistant reads this as a coaching question (the model has no tool for these figures). */
export const isCoachingQuestion = (question: string, today: string) => readCoachingQuestion(question, today) !== null;

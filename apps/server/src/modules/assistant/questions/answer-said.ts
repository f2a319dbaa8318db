import type { TChatSource, TRecordView } from '@pipewise/contract/assistant';
import type { CallWords, CallWordsQuery, CallWordsReads, SpeakerFilter } from '../../recordings/call-words';
import type { CompanyReads } from '../../companies/company-reads';
import { clip, day } from './answer-format';
import { meetingUrl, type Answer, type AskContext } from './answer-kit';
import type { Vocabulary } from './intents';
import type { NamedRecords } from './named-records';
import type { SaidQuestion } from './said-question';
import { addDays, localDate, startOfDay } from './time-zone';

/** What the answers about calls read: the segments, and the names a question gives to accounts, deals and people. */
export type SaidDeps = {
  callWords: Pick<CallWordsReads, 'search'>;
  companies: Pick<CompanyReads, 'named'>;
  named: Pick<NamedRecords, 'find'>;
};

/** The sentence when nothing the caller may see matches. */
export const NOT_IN_CALLS = 'I could not find that in your calls.';
const notFound: Answer = { text: NOT_IN_CALLS, sources: [], results: [] };

/** One quoted sentence (or a few): who said it, on which call, when in the call, and the link that plays it from there. */
export type Quote = {
  recordingId: string;
  title: string;
  /** ISO instant of the call. */
  at: string;
  dealName: string | null;
  company: string | null;
  speaker: string | null;
  /** Seconds into the call, when the transcript has times. */
  seconds: number | null;
  text: string;
  /** `/dashboard/meeting/{id}?t=SECONDS`: the meeting page plays from there. */
  url: string;
  /** The objection's kind, for objections. */
  kind?: ObjectionKind;
};

/** The quotes that answer a question, how the answer introduces them, and how they are laid out. */
export type Quotes = { heading: string; quotes: Quote[]; layout: 'calls' | 'latest' | 'objections' };

/** The link that plays a call from a moment (the shared click-to-play protocol). */
export const playUrl = (recordingId: string, seconds: number | null) =>
  seconds === null ? meetingUrl(recordingId) : `${meetingUrl(recordingId)}?t=${Math.max(0, Math.floor(seconds))}`;

/** 3:05, 1:02:09. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** Topics people ask about, with the words calls use for them: a question's word finds its whole group. */
const TOPICS: string[][] = [
  ['pricing', 'price', 'prices', 'priced', 'cost', 'costs', 'quote', 'quotation', 'discount', 'expensive', 'commercials'],
  ['budget', 'budgets', 'afford', 'funds', 'funding'],
  ['rollout', 'roll', 'deploy', 'deployment', 'phased', 'launch'],
  ['security', 'secure', 'sso', 'compliance', 'audit', 'residency'],
  ['integration', 'integrate', 'integrations', 'sync', 'erp', 'api', 'tally', 'sap'],
  ['competitor', 'competitors', 'competition', 'vendor', 'salesforce', 'zoho', 'freshsales', 'leadsquared', 'pipedrive'],
  ['timeline', 'timing', 'schedule', 'deadline'],
  ['contract', 'agreement', 'msa', 'legal'],
  ['training', 'train', 'onboarding'],
  ['renewal', 'renew', 'renewing'],
  ['support', 'outage', 'outages', 'failures'],
  ['decision', 'decide', 'decides', 'approve', 'approval'],
];
/** Words of a topic that are not the topic. */
const STOP = new Set(
  [
    'the a an our their his her its my your this that these those of on in at to for about any all some',
    'what which and or is are was were be been it them they we us me you',
    'call calls meeting meetings recording recordings conversation conversations topic subject',
  ]
    .join(' ')
    .split(' '),
);

/** Edit distance up to `max` (else max + 1): a typed slip of a topic word. */
function near(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    let best = row[0];
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = keep;
      best = Math.min(best, row[j]!);
    }
    if (best > max) return false;
  }
  return row[b.length]! <= max;
}

/** The topic's words as search groups: each word with its topic's other words ('pricng' read as pricing). */
export function topicGroups(topic: string): string[][] {
  const words = topic
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w));
  return words.map((w) => {
    const exact = TOPICS.find((g) => g.includes(w));
    if (exact) return [...new Set([w, ...exact])];
    // A slip of a topic word reads as that word: its group, the topic's own word first.
    const slip = w.length >= 5 ? TOPICS.find((g) => near(w, g[0]!, w.length >= 8 ? 2 : 1)) : undefined;
    return slip ?? [w];
  });
}

/** The topic as the answer names it: its words, slips mended ('pricng' is pricing). */
function topicLabel(topic: string, groups: string[][]): string {
  const firsts = groups.map((g) => g[0]!);
  return topic
    .split(/\s+/)
    .map((w) => (firsts.includes(w.toLowerCase()) ? w : (firsts.find((f) => near(w.toLowerCase(), f, 2)) ?? w)))
    .join(' ');
}

/** The beginning of a word that its other forms share: 'pricing' and 'price' share 'pric'. */
const stem = (w: string) => w.slice(0, Math.max(4, w.length - 3));

/** The objections the assistant recognises in what customers said, each by its words. */
export const OBJECTION_KINDS = ['pricing', 'budget', 'timing', 'security', 'competitor', 'authority'] as const;
export type ObjectionKind = (typeof OBJECTION_KINDS)[number];
/** One case-insensitive pattern from alternatives written a few per line. */
const anyOf = (...parts: string[]) => new RegExp(parts.join('|'), 'i');
const CONCERN = String.raw`\b(?:not|no|cannot|can't|won't|don't|doesn't|isn't|difficult|hard|worr\w*|concern\w*|risk\w*)\b`;
const LIMIT = String.raw`\b(?:until|before|unless|only|limited|tight|too|without)\b`;
const OBJECTION_WORDS: Record<ObjectionKind, RegExp> = {
  pricing: anyOf(
    String.raw`\b(?:too\s+expensive|expensive|overpriced|costs?\s+too\s+much|lower\s+price|cheaper)\b`,
    String.raw`\bpric\w*\s+(?:is|are|seems?)\s+(?:too\s+)?(?:high|steep)\b|\bhigher\s+than\s+(?:we\s+)?expected\b`,
  ),
  budget: anyOf(
    String.raw`\bbudget\w*\s+(?:is|was|are|for\s+this\s+year\s+is)\s+(?:\w+\s+)?(?:limited|tight|cut|frozen|exhausted|over)\b`,
    String.raw`\b(?:only|no|not\s+enough|limited|tight)\s+(?:\w+\s+)?budget\b`,
    String.raw`\bbudget\b.*\b(?:worr\w*|cannot|can't|not\s+approved|half)\b|\b(?:afford|no\s+funds|spend\s+freeze)\b`,
  ),
  timing: anyOf(
    String.raw`\b(?:timing|not\s+a\s+priority|next\s+quarter|new\s+financial\s+year|next\s+year|too\s+soon|bad\s+time)\b` +
      String.raw`.*(?:${CONCERN}|${LIMIT})`,
    String.raw`(?:${CONCERN}|${LIMIT}).*\b(?:timing|priority|next\s+quarter|financial\s+year)\b|\btiming\s+(?:is|does)\b`,
  ),
  security: anyOf(
    String.raw`\b(?:security|compliance|audit|data\s+residency|privacy|sso)\b.*(?:${CONCERN}|${LIMIT})`,
    String.raw`(?:${CONCERN}|${LIMIT}).*\b(?:security|compliance|audit|privacy)\b`,
  ),
  competitor: anyOf(
    String.raw`\b(?:also\s+(?:evaluating|looking\s+at|talking\s+to)|another\s+vendor|other\s+vendors?|competitors?)\b`,
    String.raw`\b(?:salesforce|zoho|freshsales|leadsquared|pipedrive|hubspot\s+sales\s+hub)\b`,
  ),
  authority: anyOf(
    String.raw`\b(?:check\s+with|approval\s+from|needs?\s+(?:the\s+)?approval|sign\w*\s+off|run\s+it\s+by)\b`,
    String.raw`\b(?:cannot\s+commit|can't\s+commit|not\s+my\s+decision|board\s+(?:has\s+not|hasn't|needs|must|to\s+approve))\b`,
  ),
};
/** The search words that find candidate objections (the lexicon above decides). */
const OBJECTION_SEARCH = [
  'expensive',
  'price',
  'pricing',
  'cheaper',
  'budget',
  'afford',
  'timing',
  'priority',
  'quarter',
  'security',
  'compliance',
  'audit',
  'evaluating',
  'competitor',
  'vendor',
  'salesforce',
  'zoho',
  'freshsales',
  'leadsquared',
  'pipedrive',
  'approval',
  'commit',
  'sign',
  'check',
  'board',
];
const LABEL: Record<ObjectionKind, string> = {
  pricing: 'Pricing',
  budget: 'Budget',
  timing: 'Timing',
  security: 'Security',
  competitor: 'Competitors',
  authority: 'Authority (who decides)',
};

/** A segment's sentences with where each starts in it. */
function sentences(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  const re = /[^.!?]+(?:[.!?]+|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const s = m[0].trim();
    if (s) out.push({ text: s, at: m.index + (m[0].length - m[0].trimStart().length) });
  }
  return out;
}

/** When in the call a sentence begins: its share of the segment's characters, of the segment's time. */
function secondsOf(w: CallWords, at: number): number | null {
  if (w.startSeconds === null) return null;
  if (w.endSeconds === null || w.text.length === 0) return w.startSeconds;
  return w.startSeconds + ((w.endSeconds - w.startSeconds) * at) / w.text.length;
}

function quote(w: CallWords, text: string, at: number, kind?: ObjectionKind): Quote {
  const seconds = secondsOf(w, at);
  return {
    recordingId: w.recordingId,
    title: w.title,
    at: w.at,
    dealName: w.dealName,
    company: w.company,
    speaker: w.speaker,
    seconds,
    text: clip(text, 300),
    url: playUrl(w.recordingId, seconds),
    ...(kind ? { kind } : {}),
  };
}

/** The sentences of a matched segment that hold a topic word (all of it, clipped, when none does by its stem). */
function topicQuotes(w: CallWords, groups: string[][]): Quote[] {
  const all = sentences(w.text);
  const matches = (s: { text: string }, group: string[]) =>
    s.text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((word) => group.some((g) => word.startsWith(stem(g))));
  // The sentences with a word of every group; else those with a word of any.
  const every = all.filter((s) => groups.every((g) => matches(s, g)));
  const hits = every.length ? every : all.filter((s) => groups.some((g) => matches(s, g)));
  if (hits.length === 0)
    return all.length
      ? [
          quote(
            w,
            all
              .slice(0, 2)
              .map((s) => s.text)
              .join(' '),
            all[0]!.at,
          ),
        ]
      : [];
  // The first run of neighbouring hits reads as one quote.
  const first = all.indexOf(hits[0]!);
  let run = 1;
  while (hits[run] && all.indexOf(hits[run]!) === first + run) run++;
  return [
    quote(
      w,
      hits
        .slice(0, run)
        .map((s) => s.text)
        .join(' '),
      hits[0]!.at,
    ),
  ];
}

/** Who a question's speaker words mean: a side of the call, a user, an account's people, a contact, or a name as typed. */
type Who = { speakers?: SpeakerFilter; side?: 'customer' | 'ours'; companyIds?: string[]; dealIds?: number[]; label: string };

const title = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

async function resolveWho(ctx: AskContext, deps: SaidDeps, vocab: Vocabulary, who: string | null): Promise<Who | null> {
  if (!who || /^(?:anyone|anybody|someone|somebody|everyone|people)$/.test(who)) return { label: '' };
  if (/^(?:we|us|our\s+(?:team|side|reps?|sales\s+team)|the\s+team)$/.test(who)) return { side: 'ours', label: 'your team' };
  if (/^(?:i|me|myself)$/.test(who)) return { speakers: { names: [], userIds: [ctx.caller.id], contactIds: [] }, label: 'you' };
  if (/^(?:they|them|their\s+side|the\s+other\s+side|(?:the\s+)?(?:customers?|clients?|prospects?|buyers?))$/.test(who))
    return { side: 'customer', label: 'the customer' };
  const user = vocab.owners.find((o) => {
    const full = `${o.firstName} ${o.lastName}`.trim().toLowerCase();
    return who === full || who === o.firstName.toLowerCase() || who === o.email.toLowerCase();
  });
  if (user) {
    const full = `${user.firstName} ${user.lastName}`.trim();
    return { speakers: { names: [full.toLowerCase()], userIds: [user.id], contactIds: [] }, label: full };
  }
  const found = await deps.named.find(ctx.caller, who);
  if (found.contacts.length)
    return {
      speakers: { names: found.contacts.map((c) => c.name.toLowerCase()), userIds: [], contactIds: found.contacts.map((c) => c.id) },
      label: found.contacts[0]!.name,
    };
  const companies = await deps.companies.named(ctx.caller, who);
  if (companies.length)
    return { side: 'customer', companyIds: companies.map((c) => c.id), label: companies.map((c) => c.name).join(' / ') };
  if (found.deals.length) return { side: 'customer', dealIds: found.deals.map((d) => Number(d.id)), label: found.deals[0]!.name };
  // A person by the name the transcript gives them ('Aditi', 'Speaker 2').
  if (/^[\p{L}][\p{L} .'-]{0,40}\d?$/u.test(who) && who.split(' ').length <= 3)
    return { speakers: { names: [who], userIds: [], contactIds: [] }, label: title(who) };
  return null;
}

/** Whom a call was with: an account, a deal, a person who spoke on it. */
async function resolveWith(
  ctx: AskContext,
  deps: SaidDeps,
  vocab: Vocabulary,
  text: string | null,
): Promise<Partial<CallWordsQuery> | null> {
  if (!text) return ctx.account ? { companyIds: ctx.account.companies.map((c) => c.id) } : {};
  const companies = await deps.companies.named(ctx.caller, text);
  if (companies.length) return { companyIds: companies.map((c) => c.id) };
  const found = await deps.named.find(ctx.caller, text);
  if (found.deals.length) return { dealIds: found.deals.map((d) => Number(d.id)) };
  if (found.contacts.length)
    return {
      present: { names: found.contacts.map((c) => c.name.toLowerCase()), userIds: [], contactIds: found.contacts.map((c) => c.id) },
    };
  const user = vocab.owners.find((o) => text === `${o.firstName} ${o.lastName}`.toLowerCase() || text === o.firstName.toLowerCase());
  if (user) return { present: { names: [`${user.firstName} ${user.lastName}`.toLowerCase()], userIds: [user.id], contactIds: [] } };
  return null;
}

/** Quotes per call at most, and in all. */
const PER_CALL = 3;
const MAX_QUOTES = 8;
const MAX_OBJECTIONS = 10;

/**
 * The quotes that answer a question about what was said, from the calls the caller may see; null
 * when a name in it is none the caller has, or nothing matches.
 */
export async function findQuotes(ctx: AskContext, deps: SaidDeps, vocab: Vocabulary, read: SaidQuestion): Promise<Quotes | null> {
  const who = await resolveWho(ctx, deps, vocab, read.who);
  const withWhom = await resolveWith(ctx, deps, vocab, read.with);
  if (!who || !withWhom) return null;
  const range = read.period
    ? { from: startOfDay(read.period.from, ctx.zone), to: startOfDay(addDays(read.period.to, 1), ctx.zone) }
    : { from: null, to: null };
  const base: CallWordsQuery = {
    groups: [],
    ...withWhom,
    ...(who.speakers ? { speakers: who.speakers } : {}),
    ...(who.dealIds ? { dealIds: who.dealIds } : {}),
    ...(who.companyIds ? { companyIds: [...(withWhom.companyIds ?? []), ...who.companyIds] } : {}),
    side: who.side ?? null,
    whose: read.whose,
    from: range.from,
    to: range.to,
    limit: 200,
  };
  // When a period, or whose calls, is named, the words say it: ' on your calls this week'.
  const whose = read.whose === 'mine' ? ' on your calls' : read.whose === 'team' ? " on your team's calls" : '';
  const where = `${whose}${read.period ? ` ${read.period.label}` : ''}`;
  const withLabel = read.with
    ? ` with ${title(read.with)}`
    : ctx.account
      ? ` with ${ctx.account.companies.map((c) => c.name).join(' / ')}`
      : '';

  if (read.objections) {
    const rows = await deps.callWords.search(ctx.caller, {
      ...base,
      groups: [OBJECTION_SEARCH],
      anyGroup: true,
      side: 'customer',
      limit: 400,
    });
    const seen = new Set<string>();
    const quotes: Quote[] = [];
    for (const w of rows) {
      for (const s of sentences(w.text)) {
        const kind = OBJECTION_KINDS.find((k) => OBJECTION_WORDS[k].test(s.text));
        const key = s.text.toLowerCase();
        if (!kind || seen.has(key)) continue;
        seen.add(key);
        quotes.push(quote(w, s.text, s.at, kind));
      }
    }
    if (quotes.length === 0) return null;
    const picked = OBJECTION_KINDS.flatMap((k) => quotes.filter((q) => q.kind === k).slice(0, 3)).slice(0, MAX_OBJECTIONS);
    return {
      heading: `Objections raised${who.label ? ` by ${who.label}` : ''}${withLabel}${where} (${picked.length} of ${quotes.length}):`,
      quotes: picked,
      layout: 'objections',
    };
  }

  const groups = read.topic ? topicGroups(read.topic) : [];
  if (read.topic && groups.length === 0) return null;
  let rows = await deps.callWords.search(ctx.caller, { ...base, groups });
  if (rows.length === 0 && groups.length > 1) rows = await deps.callWords.search(ctx.caller, { ...base, groups, anyGroup: true });
  if (rows.length === 0) return null;

  const quotes: Quote[] = [];
  const perCall = new Map<string, number>();
  for (const w of rows) {
    const n = perCall.get(w.recordingId) ?? 0;
    if (n >= PER_CALL) continue;
    const found = groups.length
      ? topicQuotes(w, groups)
      : sentences(w.text)
          .filter((s) => s.text.split(/\s+/).length >= 5)
          .slice(0, 1)
          .map((s) => quote(w, s.text, s.at));
    for (const q of found) quotes.push(q);
    if (found.length) perCall.set(w.recordingId, n + 1);
  }
  if (quotes.length === 0) return null;
  const topic = read.topic ? topicLabel(read.topic, groups) : null;
  const about = topic ? ` about ${topic}` : '';
  if (read.latest) {
    const last = quotes[0]!;
    return {
      heading: `${topic ? title(topic) : 'It'} last came up${withLabel}${where} on "${last.title}", ${dayOf(last.at, ctx.zone)}:`,
      quotes: [
        ...quotes.filter((q) => q.recordingId === last.recordingId),
        ...firstOfEachCall(quotes.filter((q) => q.recordingId !== last.recordingId)).slice(0, 3),
      ],
      layout: 'latest',
    };
  }
  return {
    heading: `What ${who.label ? `${who.label} said` : 'was said'}${about}${withLabel}${where}:`,
    quotes: quotes.slice(0, MAX_QUOTES),
    layout: 'calls',
  };
}

const firstOfEachCall = (quotes: Quote[]) => quotes.filter((q, i) => quotes.findIndex((x) => x.recordingId === q.recordingId) === i);

/** The day of a call, in the caller's zone: '21 Nov 2026'. */
const dayOf = (at: string, zone: string) => day(localDate(new Date(at), zone));

/** ' (Kaveri Foods - Dealer portal)': the call's deal, when the caller sees it. */
const dealOf = (q: Quote) => (q.dealName ? `, ${q.dealName}` : '');
const callLine = (q: Quote, zone: string) => `"${q.title}" (${dayOf(q.at, zone)}${dealOf(q)})`;
const saidLine = (q: Quote) => `- ${q.speaker ?? 'Someone'}${q.seconds === null ? '' : ` at ${clock(q.seconds)}`}: "${q.text}"`;

/** A quote as a source: the call, the moment and who spoke, linked to play from there. */
export const quoteSource = (q: Quote): TChatSource => ({
  type: 'meeting',
  id: `${q.recordingId}@${q.seconds === null ? 0 : Math.floor(q.seconds)}`,
  label: `${q.title}${q.seconds === null ? '' : ` at ${clock(q.seconds)}`}${q.speaker ? `, ${q.speaker}` : ''}`,
  url: q.url,
});

/** A quote as a result row of the assistant panel. */
export const quoteView = (q: Quote, zone: string): TRecordView => ({
  id: `${q.recordingId}@${q.seconds === null ? 0 : Math.floor(q.seconds)}`,
  object_type: 'meeting',
  properties: {
    title: q.title,
    date: day(localDate(new Date(q.at), zone)),
    speaker: q.speaker,
    at: q.seconds === null ? null : clock(q.seconds),
    quote: q.text,
    deal: q.dealName,
    company: q.company,
  },
  url: q.url,
});

/** The answer's text: the heading, then the quotes by call (or by kind of objection), each with its speaker and moment. */
export function quotesAnswer(found: Quotes, zone: string): Answer {
  const lines = [found.heading];
  const { quotes } = found;
  if (found.layout === 'objections') {
    for (const kind of OBJECTION_KINDS) {
      const of = quotes.filter((q) => q.kind === kind);
      if (!of.length) continue;
      lines.push(`${LABEL[kind]}:`);
      for (const q of of) lines.push(`${saidLine(q)} (${callLine(q, zone)})`);
    }
  } else if (found.layout === 'latest') {
    const last = quotes[0]!.recordingId;
    for (const q of quotes.filter((x) => x.recordingId === last)) lines.push(saidLine(q));
    const earlier = quotes.filter((x) => x.recordingId !== last);
    if (earlier.length) lines.push(`Earlier: ${earlier.map((q) => callLine(q, zone)).join(', ')}.`);
  } else {
    let call = '';
    for (const q of quotes) {
      if (q.recordingId !== call) lines.push(`${callLine(q, zone)}:`);
      call = q.recordingId;
      lines.push(saidLine(q));
    }
  }
  return { text: lines.join('\n'), sources: quotes.map(quoteSource), results: quotes.map((q) => quoteView(q, zone)) };
}

/** Answers a question about what was said, or says it found nothing in the caller's calls. */
export async function answerSaid(ctx: AskContext, deps: SaidDeps, vocab: Vocabulary, read: SaidQuestion): Promise<Answer> {
  const found = await findQuotes(ctx, deps, vocab, read);
  return found ? quotesAnswer(found, ctx.zone) : notFound;
}

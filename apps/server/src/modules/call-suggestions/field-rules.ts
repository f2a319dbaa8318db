import type { DateContext } from '../assistant/commands/date-parser';
import { saidAmounts, saidDate } from './said-values';
import { cleanStatement, isAboutOthers, isDenial, isPast, isStatement } from './sentence-kinds';
import type { Sentence } from './transcript-sentences';
import { pattern } from './regex-text';

/**
 * The rules that read one field from one sentence. Each answers a candidate value or null; the
 * extractor picks among candidates and validates them against the deal (suggestion-validation.ts).
 * Precision before recall: a rule fires on a firm statement of this deal's future only.
 */

export type RuleContext = DateContext & { isTeam: (speaker: string | null) => boolean; speakers: string[] };

const CLOSE_WORDS = pattern('i')`\b(?:sign(?:ed|ing)?\b(?!\s+up)|signature|close\s+(?:it|this|the deal|the contract)|closing|
    finali[sz]e|(?:issue|raise|release)\s+(?:the\s+)?(?:po|purchase order)|(?:po|purchase order)\s+(?:by|
    on|before|out|issued|raised)|contract\s+(?:done|executed|in place)|paperwork\s+done|over the line)\b`;
const NOT_CLOSE = /\b(?:send|sending|share|sharing|close the loop|sign up|signed up|nda)\b/i;

/** A close date: "we'll sign by the 28th", "target to close end of the month". */
export function closeDateOf(s: Sentence, ctx: RuleContext, before: readonly Sentence[] = []): string | null {
  if (!CLOSE_WORDS.test(s.text) || NOT_CLOSE.test(s.text) || !isStatement(s.text) || isPast(s.text) || isDenial(s.text)) return null;
  if (isAboutOthers(s.text)) return null;
  const day = saidDate(s.text, ctx);
  if (day) return day;
  // "I'll sign on the 15th": of the month named just before ("the round closes January 14th"), else the next 15th.
  const month = before
    .map((b) => [...b.text.matchAll(MONTH_NAME)].pop()?.[0])
    .filter(Boolean)
    .pop();
  const text = month ? s.text.replace(/\bthe\s+(\d{1,2}(?:st|nd|rd|th))\b(?!\s+of\b)/i, `$1 of ${month}`) : s.text;
  return saidDate(text, ctx, { bareOrdinals: true });
}
const MONTH_NAME = /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/gi;

const AMOUNT_WORDS = pattern('i')`\b(?:budget|budgeted|price|pricing|priced|quote|quoted|deal (?:size|value)|contract value|total|
    cost|come in at|comes to|works? for us|approved|sign(?:ed)? off on|agree(?:d)?|final (?:number|
    figure|price|amount)|commit(?:ted)?|investment|spend|valued at|sign for|lock(?:ed)? in|locked|
    confirmed|(?:ok|okay|fine|comfortable|good) with|number we are working with|working number|
    figure we are working with|set aside|allocated|earmarked|
    sanctioned|deal at|go ahead (?:at|with)|land(?:ed)? at|settle(?:d)? (?:at|on)|value|makes it|can do|a year|per year|
    per annum|for the first year|annually)\b`;
/** A rough figure or a range is not the deal's amount: "usually between fifteen and twenty lakh". */
const ESTIMATE = pattern('i')`\b(?:usually|typically|roughly|around|about|approximately|somewhere|ballpark|between|range|up to|
    or so|normally|separate(?:ly)?|extra|additional|on top)\b`;

/** The deal's amount: "the approved budget is 18 lakh", "we agreed on ₹12,00,000". The last amount said wins. */
export function amountOf(s: Sentence): number | null {
  if (!AMOUNT_WORDS.test(s.text) || !isStatement(s.text) || isPast(s.text) || isDenial(s.text) || isAboutOthers(s.text)) return null;
  if (ESTIMATE.test(s.text)) return null;
  const amounts = saidAmounts(s.text);
  if (amounts.length === 0) return null;
  // "down from 20 to 18 lakh": the figure after "to" is the one agreed; several others are a comparison.
  const distinct = [...new Set(amounts)];
  if (distinct.length === 1) return distinct[0]!;
  return /\b(?:to|down to|at)\s+(?:rs\.?\s*|₹\s*|inr\s*)?\d[\d,.]*\s*\w*\W*$/i.test(s.text) ? amounts[amounts.length - 1]! : null;
}

const NEXT_STEP_PHRASE = /\bnext steps?\b/i;
const MEETING = pattern('i')`\b(?:call|meeting|demo|session|sync|review|workshop|walk[- ]?through|presentation|follow[- ]?up|
    catch[- ]?up|check[- ]?in|visit|pilot kick-?off|kick-?off)\b`;
/** Verbs that are a meeting by themselves ("let's reconvene next Thursday"). */
const MEETING_VERB = /\b(?:meet|meeting|reconvene|regroup|catch up|sync up|reconnect|hop on|jump on|get together)\b/i;
const JOINT_PLAN = pattern(
  'i',
)`\b(?:let's|let us|we'll|we will|we're going to|we are going to|we can|i'll|i will)\s+(?:\w+\s+){0,2}(?:schedule|
    set up|book|meet|reconvene|regroup|do|have|get|hop on|jump on|sync|catch up|reconnect|plan|
    run|see)\b|\b(?:see|talk to|speak to|meet)\s+you\s+(?:on|next|this|tomorrow)\b|\b(?:is|are)\s+(?:scheduled|
    booked|set|confirmed|locked in)\s+(?:for|on)\b`;

/** A next step: "Next step is the security review on Tuesday", "let's meet again next Thursday". */
export function nextStepOf(s: Sentence, ctx: RuleContext): { text: string; date: string | null; strong: boolean } | null {
  if (!isStatement(s.text) || isPast(s.text) || isDenial(s.text)) return null;
  const named = NEXT_STEP_PHRASE.test(s.text);
  const planned = JOINT_PLAN.test(s.text) && (MEETING.test(s.text) || MEETING_VERB.test(s.text));
  if (!named && !planned) return null;
  const date = saidDate(s.text, ctx, { bareOrdinals: true });
  if (!named && !date) return null;
  const text = cleanStatement(
    s.text.replace(/^.*?\bnext steps?\s*(?:is|are|will be|would be|then)?\s*[:,-]?\s*/i, (m) => (named ? '' : m)),
  );
  if (text.split(/\s+/).length < 3) return null;
  return { text, date, strong: named };
}

const COMMITMENT = pattern('i')`\b(?:i'll|i will|i'm going to|i am going to|we'll|we will|i can|i'll make sure to|
    i'll make sure we)\s+(?:also\s+|just\s+|quickly\s+|personally\s+|then\s+)?(?:send|share|email|e-mail|mail|forward|prepare|
    draft|put together|set up|get (?:you|back|it|that|those|the|a|an|your|him|her|them)|follow up|loop in|check|confirm|
    update|create|write|schedule|book|circulate|arrange|organi[sz]e|pull|look into|find out|work out|revise|rework|introduce|
    connect|ping|call (?:you|him|her|them)|reach out|sort out|finali[sz]e|review|configure|provide|deliver|document|raise|
    submit|coordinate|talk to|speak to)\b|\blet me\s+(?:send|share|email|check|confirm|find out|loop in|follow up|look into)\b`;

/** Done during the call ("let me share my screen") or no concrete work ("we will follow up by email"). */
const IN_CALL = pattern('i')`\b(?:once (?:signed|you sign|it's signed|we sign|the)|after (?:signature|signing|you sign|it's signed|
    we sign|the contract)|update (?:the |our |my )?(?:crm|forecast|pipeline|notes)|share my screen|share the screen|right now|as we speak|
    while we're talking|follow up by (?:e-?mail|mail)|after the (?:pilot|trial|order|demo|workshop)|
    (?:schedule|book|set up|arrange|organi[sz]e)\s+(?:a|the|our)\s+(?:\w+\s+)?(?:call|meeting|demo|session|workshop|review)|
    send (?:you |over )?(?:a|the) (?:calendar )?invite)\b`;

/** A task the team promised: "I'll send the pricing by Thursday". Only the team's promises: the customer's are theirs. */
export function taskOf(s: Sentence, ctx: RuleContext): { text: string; date: string | null } | null {
  if (!ctx.isTeam(s.speaker) || !COMMITMENT.test(s.text) || !isStatement(s.text) || isDenial(s.text) || IN_CALL.test(s.text)) return null;
  const start = s.text.search(COMMITMENT);
  const text = cleanStatement(s.text.slice(start));
  if (text.split(/\s+/).length < 4) return null;
  return { text, date: saidDate(s.text, ctx, { bareOrdinals: true }) };
}

const PAIN = pattern('i')`\b(?:(?:the|our|my)\s+(?:(?:biggest|main|real|key|major|big|core|number one|top)\s+)?(?:problem|
    challenge|issue|pain(?:\s+point)?|headache|bottleneck|frustration|struggle|concern|gap)s?\s+(?:is|
    are|has been|have been|right now|today)|we(?:'re| are)\s+(?:really\s+)?(?:struggling|losing|
    wasting|drowning|spending (?:too much|hours|days|way too)|stuck|frustrated|unable|blind)|(?:it|
    this|that)\s+takes\s+(?:us\s+)?(?:too long|forever|hours|days|weeks)|(?:no|zero|poor|little|
    limited)\s+visibility|fall(?:s|ing)? through the cracks|keeps?\s+(?:breaking|crashing|failing|
    slipping)|we\s+keep\s+(?:losing|missing)|(?:is|are)\s+(?:a\s+)?(?:nightmare|mess|painful|killing us)|
    (?:is|are)\s+(?:often|always|usually|constantly|frequently|regularly)\s+(?:wrong|late|out of date|stale|inaccurate|
    missing|incomplete|delayed)|(?:hard|difficult|impossible|painful)\s+(?:for us\s+)?to\s+(?:track|see|know|tell|
    trust|find|report|forecast|manage|follow up|keep track)|\b(?:manually|by hand)\b|(?:lost|loses|lose|losing|wastes?|
    wasted|spends?|spent)\s+(?:us\s+)?(?:a full day|a whole day|hours|days|weeks|half a day)|(?:broke|breaks|
    crashed|crashes|failed|fails)\s+(?:down\s+)?(?:twice|again|every|repeatedly|often|all the time)|
    (?:frustrating|annoying|painful|tricky|hard|difficult)\s+(?:part|thing|bit)|(?:nobody|no one)\s+(?:can|is able to)\s+
    (?:see|tell|track|find|trust)|(?:merge|copy|paste|re-?enter|retype)\w*\s+(?:\w+\s+){0,3}(?:spreadsheets?|sheets|excel))`;
/** A problem solved or described as over is not a pain now. */
const RESOLVED = /\b(?:used to|previously|in the past|no longer|solved|fixed)\b/i;

/** A pain point the customer described: "our biggest problem is reps updating the CRM late". */
export function painOf(s: Sentence, ctx: RuleContext): string | null {
  if (ctx.isTeam(s.speaker) || !PAIN.test(s.text) || !isStatement(s.text) || RESOLVED.test(s.text) || isAboutOthers(s.text)) return null;
  // "The problem is we now want to include…" is a wish, not a pain.
  if (/\b(?:want|wants|would like|plan|planning)\s+to\b/i.test(s.text)) return null;
  const text = cleanStatement(s.text);
  return text.split(/\s+/).length >= 5 ? text : null;
}

const NAME = String.raw`([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)`;
const TITLE = String.raw`(?:,\s*(?:our|the|my)\s+[\w\s&-]{2,30}?,)?`;
const DM_PATTERNS: RegExp[] = [
  pattern()`\b${NAME}${TITLE}\s+(?:is|will be|'s)\s+(?:the|our)\s+(?:final\s+|ultimate\s+|key\s+|main\s+|real\s+|economic\s+)?
    (?:decision[- ]maker|approver|buyer|signatory)\b`,
  pattern()`\b${NAME}${TITLE},?\s+(?:makes|will make|has|will have|gets)\s+(?:the\s+)?(?:final|last|ultimate)\s+
    (?:call|decision|say|word)\b`,
  pattern()`\b${NAME}${TITLE}\s+(?:signs off|will sign off|has to sign off|needs to sign off|holds the budget|owns the budget|
    controls the budget|has the budget|decides)\b`,
  pattern()`\b(?:[Ff]inal\s+|[Tt]he\s+)(?:call|decision|sign-?off|say)\s+(?:is|sits|rests|lies|will be|will sit)\s+with\s+${NAME}\b`,
  pattern()`\b(?:it's|it is)\s+${NAME}'s\s+(?:call|decision)\b`,
  pattern()`\b${NAME}${TITLE}\s+is\s+the\s+(?:one|person)\s+who\s+(?:signs|decides|approves|makes the (?:final )?call)\b`,
  pattern()`\b${NAME}${TITLE}\s+has\s+(?:the\s+)?(?:final|ultimate)\s+(?:approval|authority|sign-?off)\b`,
  pattern()`\b(?:[Ff]inal|[Tt]he)\s+(?:decision|call|say)\s+is\s+${NAME}'s\b`,
  pattern()`\b(?:decision[- ]maker|approver)\s+(?:is|here is|on this is|will be)\s+${NAME}\b`,
  pattern()`\b${NAME}\s+is\s+(?:our|the)\s+[\w\s,]{0,50}?\b(?:the\s+)?(?:budget holder|final approver|decision[- ]maker)\b`,
];
const SELF_DM = pattern('i')`\bi(?:'m| am)\s+the\s+(?:final\s+|ultimate\s+)?(?:decision[- ]maker|approver|signatory)\b|\bi\s+(?:make|
    have|get)\s+the\s+(?:final|last)\s+(?:call|say|word|decision)\b|\bi\s+sign\s+off\b|\bi(?:'m| am)\s+the\s+(?:one|person)\s+who\s+
    (?:signs|approves|decides|makes the (?:final )?call)\b`;
const NOT_A_NAME = new Set(
  [
    'The Our It This That He She They We You I Who Which Finance Procurement Legal Board Management Leadership Someone',
    'Everyone Nobody And But So Then Also Actually Honestly Basically Yes No Okay Well Ultimately Final Sales Marketing Team Company',
  ]
    .join(' ')
    .split(' '),
);

/** The person who decides: "Priya is the final decision maker", "the call sits with Arjun", "I sign off" (the speaker). */
export function decisionMakerOf(s: Sentence, ctx: RuleContext): string | null {
  if (!isStatement(s.text) || isPast(s.text) || isDenial(s.text) || isAboutOthers(s.text)) return null;
  // The speaker's name as said, without a title ("Dr. Lauren Whitfield" signs as Lauren Whitfield).
  if (SELF_DM.test(s.text))
    return s.speaker && !ctx.isTeam(s.speaker) && !/^speaker\s*\d+$/i.test(s.speaker)
      ? s.speaker.replace(/^(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+/, '')
      : null;
  for (const pattern of DM_PATTERNS) {
    const m = pattern.exec(s.text);
    if (!m) continue;
    const words = m[1]!.split(/\s+/).filter((w) => !NOT_A_NAME.has(w));
    if (words.length === 0 || words.length !== m[1]!.split(/\s+/).length) return null;
    const name = words.join(' ');
    if (ctx.isTeam(name)) return null;
    // A first name said of someone on the call is that speaker's full name.
    const full = ctx.speakers.filter((sp) => sp.split(/\s+/)[0]!.toLowerCase() === name.toLowerCase() && sp.includes(' '));
    return full.length === 1 && !name.includes(' ') ? full[0]! : name;
  }
  return null;
}

/** Vendors a call names as alternatives even without a cue before them. */
export const KNOWN_VENDORS = [
  'Salesforce',
  'HubSpot',
  'Zoho',
  'Zoho CRM',
  'Freshsales',
  'Freshworks',
  'Pipedrive',
  'Gong',
  'Chorus',
  'Clari',
  'Outreach',
  'Salesloft',
  'Momentum',
  'Avoma',
  'Fireflies',
  'Otter',
  'LeadSquared',
  'Microsoft Dynamics',
  'Dynamics 365',
  'SAP',
  'Oracle',
  'Zendesk',
  'Freshdesk',
  'Close',
  'Copper',
  'Insightly',
  'Sugar CRM',
  'SugarCRM',
  'Kylas',
  'Bitrix24',
  'monday.com',
  'Monday',
  'Apollo',
  'ZoomInfo',
  'Gainsight',
  'People.ai',
  'Wingman',
  'Revenue.io',
  'Jiminny',
  'tl;dv',
  'Fathom',
  'Sybill',
];
const CUE = pattern('g')`\b(?:also\s+)?(?:looking at|evaluating|talking to|talking with|speaking (?:to|with)|comparing (?:you |
    this )?(?:with|to|against)|considering|in talks with|got a (?:quote|proposal|demo|pitch) from|
    had (?:a demo|demos) (?:from|with)|trialing|trialling|piloting|demoed|shortlisted|benchmarking against|
    versus|vs\.?|compared to|competing with|currently (?:use|using|on)|[Ww]e use|[Ww]e(?:'re| are) using|switching from|moving off|
    move away from|replacing|replace|up against|bid from|proposal from)\s+([A-Z][\w.]*(?:\s+(?:and\s+|
    or\s+)?[A-Z0-9][\w.]*){0,3})`;
/** A vendor named before its cue: "Leadsquared also pitched us", "Zoho sent us a quote". */
const CUE_AFTER = pattern(
  'g',
)`\b([A-Z][\w.]*(?:\s+[A-Z0-9][\w.]*){0,2})\s+(?:also\s+|already\s+)?(?:pitched|quoted|demoed|approached|offered us|
    sent us (?:a|their) (?:quote|proposal))\b`;
/** Tools a team mentions that are not a vendor competing for this deal. */
const NOT_COMPETITORS = new Set([
  'excel',
  'sheets',
  'google sheets',
  'spreadsheets',
  'spreadsheet',
  'whatsapp',
  'email',
  'gmail',
  'outlook',
  'zoom',
  'teams',
  'microsoft teams',
  'slack',
  'google meet',
  'word',
  'notion',
  'tally',
  ...'the our your a an it them this that'.split(' '),
]);

/** Competitors named: "we're also evaluating Gong and Chorus", "compared to Salesforce". */
export function competitorsOf(s: Sentence, ctx: RuleContext): string[] {
  if (isQuestion(s.text) || isDenial(s.text)) return [];
  const found: string[] = [];
  for (const m of s.text.matchAll(CUE)) {
    for (const raw of m[1]!.split(/\s+(?:and|or)\s+/)) {
      const name = raw.replace(/[.,]+$/, '').trim();
      if (!name || NOT_COMPETITORS.has(name.toLowerCase()) || ctx.isTeam(name) || CALENDAR_WORD.test(name)) continue;
      // A system the customer runs for another job (payroll, accounting, ERP) is one to integrate with, not a competitor.
      if (OTHER_JOB.test(s.text.slice(s.text.indexOf(name) + name.length))) continue;
      if (ctx.speakers.some((sp) => sp.toLowerCase().split(/\s+/).includes(name.toLowerCase()))) continue;
      found.push(known(name) ?? name);
    }
  }
  for (const m of s.text.matchAll(CUE_AFTER)) {
    const name = m[1]!.trim();
    if (!NOT_COMPETITORS.has(name.toLowerCase()) && !NOT_A_NAME.has(name) && !ctx.isTeam(name)) found.push(known(name) ?? name);
  }
  for (const vendor of ALTERNATIVE.test(s.text) ? KNOWN_VENDORS : []) {
    if (vendor.length > 4 && new RegExp(String.raw`\b${vendor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`, 'i').test(s.text))
      found.push(vendor);
  }
  return [...new Map(found.filter((n) => !CALENDAR_WORD.test(n)).map((n) => [n.toLowerCase(), n])).values()];
}

const CALENDAR_WORD = pattern(
  'i',
)`^(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|^(?:january|february|march|april|may|june|july|august|september|
    october|november|december|today|tomorrow|next|this)\b`;
const OTHER_JOB = /^\s+(?:for|as)\s+(?:our\s+)?(?:payroll|accounting|bookkeeping|erp|hr|invoicing|tax|finance)\b/i;

/** A known vendor's name counts without a cue only where the sentence speaks of alternatives. */
const ALTERNATIVE =
  /\b(?:also|alternatives?|options?|vendors?|cheaper|quotes?|proposals?|pitch(?:ed)?|evaluat\w*|compar\w*|competitors?)\b/i;
const isQuestion = (t: string) => /\?\s*$/.test(t.trim());
const known = (name: string) => KNOWN_VENDORS.find((v) => v.toLowerCase() === name.toLowerCase()) ?? null;
